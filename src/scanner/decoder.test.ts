import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { createReader, DEFAULT_FORMATS, formatOf } from './decoder.ts';

/** The WebAssembly decoder's package, recording how it is prepared (its real module would fetch the binary at once). */
const zxing = vi.hoisted(() => ({ prepared: [] as { overrides: { locateFile(path: string, prefix: string): string }; fireImmediately?: boolean }[], formats: [] as string[][] }));
vi.mock('barcode-detector/ponyfill', async (original) => ({
  ZXING_WASM_SHA256: (await original<{ ZXING_WASM_SHA256: string }>()).ZXING_WASM_SHA256,
  prepareZXingModule: (options: (typeof zxing.prepared)[number]) => zxing.prepared.push(options),
  BarcodeDetector: class BarcodeDetector {
    constructor({ formats }: { formats: string[] }) {
      zxing.formats.push(formats);
    }
  },
}));

describe('the decoder', () => {
  it('ships the very binary its code was built for (zxing-wasm pinned with barcode-detector)', async () => {
    const { ZXING_WASM_SHA256 } = await import('barcode-detector/ponyfill');
    const binary = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    expect(createHash('sha256').update(binary).digest('hex')).toBe(ZXING_WASM_SHA256);
  });

  it('the browser’s own BarcodeDetector when it reads every format asked for', async () => {
    const constructed = vi.fn();
    class Native {
      static getSupportedFormats = async () => [...DEFAULT_FORMATS, 'aztec'];
      constructor(options: { formats: string[] }) {
        constructed(options.formats);
      }
      detect = async () => [];
    }
    await createReader([], Native);
    await createReader(['aztec'], Native);
    expect(constructed.mock.calls).toEqual([[[...DEFAULT_FORMATS]], [['aztec']]]);
  });

  it('the WebAssembly decoder when the browser’s reads fewer formats, or has none', async () => {
    class Partial {
      static getSupportedFormats = async () => ['qr_code'];
      detect = async () => [];
    }
    const reader = await createReader(['qr_code', 'ean_13'], Partial);
    expect(reader).not.toBeInstanceOf(Partial);
    await createReader([], undefined);
    expect(zxing.formats).toEqual([['qr_code', 'ean_13'], [...DEFAULT_FORMATS]]);
  });

  it('fetches its binary from the portal’s own origin (the build’s hashed asset), never a CDN, as the sheet opens', async () => {
    zxing.prepared.length = 0;
    await createReader(['qr_code'], undefined);
    const [{ overrides, fireImmediately }] = zxing.prepared as [(typeof zxing.prepared)[number]];
    expect(fireImmediately).toBe(true);
    const address = new URL(overrides.locateFile('zxing_reader.wasm', 'https://fastly.jsdelivr.net/npm/zxing-wasm/'), location.href);
    expect(address.origin).toBe(location.origin);
    expect(address.pathname).toMatch(/zxing_reader.*\.wasm$/);
  });

  it.each([
    ['ean_13', 'ean_13'],
    ['data_matrix', 'data_matrix'],
    ['unknown', undefined],
    ['maxi_code', undefined],
  ])('names the format %s as %s', (format, known) => {
    expect(formatOf(format)).toBe(known);
  });
});
