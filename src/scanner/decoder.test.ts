import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it, vi } from 'vitest';
import { createReader, DEFAULT_FORMATS, detectorText, formatOf } from './decoder.ts';

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
    // ZXing-C++'s GTIN-13 of a UPC-A / UPC-E, as the Barcode Detection API gives them.
    ['upc_a', '0036000291452', '036000291452'],
    ['upc_a', '036000291452', '036000291452'],
    ['upc_e', '0012345000065', '01234565'],
    ['upc_e', '0042100005264', '04252614'],
    ['upc_e', '0012300000651', '01236531'],
    ['upc_e', '0012340000062', '01234642'],
    ['upc_e', '0012345678905', '0012345678905'],
    ['ean_13', '0036000291452', '0036000291452'],
    ['code_128', '0123456789012', '0123456789012'],
  ])('reads %s %s as %s', (format, text, expected) => {
    expect(detectorText(format, text)).toBe(expected);
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
