import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import { BARCODE_FORMATS, type BarcodeFormat } from '../../packages/frame-client/scanner.ts';

/**
 * Reading codes from the camera (README "Scanning"): the browser's own BarcodeDetector where it reads
 * every format asked for (Chrome on Android), else ZXing-C++ in WebAssembly (the `barcode-detector`
 * package), whose code and binary load only with the camera sheet, from the portal's own origin (the
 * build hashes the binary like any asset, and the service worker precaches it: no CDN, and offline too).
 */
export interface DetectedCode {
  rawValue: string;
  format: string;
}

export interface CodeReader {
  detect(source: HTMLVideoElement): Promise<DetectedCode[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): CodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/** What a sheet reads when the app names no format: the portal's promised list (fewer formats read faster). */
export const DEFAULT_FORMATS: readonly BarcodeFormat[] = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'itf', 'qr_code', 'data_matrix'];

export async function createReader(formats: readonly BarcodeFormat[], native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector): Promise<CodeReader> {
  const wanted = [...(formats.length > 0 ? formats : DEFAULT_FORMATS)];
  if (native) {
    const supported = await native.getSupportedFormats().catch(() => [] as string[]);
    if (wanted.every((format) => supported.includes(format))) return new native({ formats: wanted });
  }
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  // Compiled at once, while the camera starts.
  void prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path) }, fireImmediately: true });
  return new BarcodeDetector({ formats: wanted });
}

/** A code's format as the protocol names it; undefined for one it does not know. */
export const formatOf = (format: string): BarcodeFormat | undefined => (BARCODE_FORMATS as readonly string[]).find((known) => known === format) as BarcodeFormat | undefined;
