import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FORMATS, detectorText } from '../../src/scanner/decoder.ts';
import { barcodeVideo, drawCode, TEST_CODES, VIDEO } from './barcode-video.ts';

/** ZXing-C++ (the portal's WebAssembly decoder) reading the pictures in Node. */
beforeAll(async () => {
  const binary = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({ overrides: { wasmBinary: binary.buffer.slice(binary.byteOffset, binary.byteOffset + binary.byteLength) as ArrayBuffer }, fireImmediately: true });
});

/** A luma picture as RGBA image data. */
function imageData(luma: Uint8Array) {
  const data = new Uint8ClampedArray(luma.length * 4);
  luma.forEach((value, index) => data.set([value, value, value, 255], index * 4));
  return { data, width: VIDEO.width, height: VIDEO.height, colorSpace: 'srgb' } as ImageData;
}

describe('the fake camera’s barcode video', () => {
  it('draws one code of every format the portal promises to read', () => {
    expect(TEST_CODES.map((code) => code.format).sort()).toEqual([...DEFAULT_FORMATS].sort());
  });

  // ZXing's names of the Barcode Detection API's formats, as barcode-detector asks for them.
  const ZXING = { ean_13: 'EAN-13', ean_8: 'EAN-8', upc_a: 'UPC-A', upc_e: 'UPC-E', code_128: 'Code128', code_39: 'Code39', itf: 'ITF', qr_code: 'QRCode', data_matrix: 'DataMatrix' } as const;

  it.each(TEST_CODES)('a reader asked for $format reads it back as $text', async (code) => {
    const [read, ...more] = await readBarcodes(imageData(drawCode(code)), { formats: [ZXING[code.format as keyof typeof ZXING]] });
    expect(more).toEqual([]);
    // As the camera sheet hands it on (ZXing gives UPC-A and UPC-E as GTIN-13).
    expect(detectorText(code.format, read?.text ?? '')).toBe(code.text);
  });

  it('is a YUV4MPEG2 file of every code’s frames', () => {
    const video = barcodeVideo();
    const header = `YUV4MPEG2 W640 H480 F10:1 Ip A1:1 C420jpeg\n`;
    expect(video.subarray(0, header.length).toString()).toBe(header);
    const frame = 'FRAME\n'.length + VIDEO.width * VIDEO.height * 1.5;
    expect(video.length).toBe(header.length + TEST_CODES.length * VIDEO.framesPerCode * frame);
  });
});
