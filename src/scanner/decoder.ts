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

/**
 * A read's text as the browser's own detector gives it, whichever decoder read it: ZXing-C++ gives UPC-A
 * and UPC-E as their 13-digit GTIN ('0' + the 12 digits of UPC-A), the Barcode Detection API as 12 and
 * 8 digits, so an app gets one text on every device.
 */
export function detectorText(format: string, text: string): string {
  const upcA = /^0(\d{12})$/.exec(text)?.[1];
  if (!upcA) return text;
  if (format === 'upc_a') return upcA;
  return format === 'upc_e' ? (compressUpcE(upcA) ?? text) : text;
}

/** UPC-A → UPC-E (number system, six digits, check), where the zeros allow it. */
function compressUpcE(upcA: string): string | null {
  const [system, m1, m2, m3, m4, m5, p1, p2, p3, p4, p5, check] = upcA;
  if (system !== '0' && system !== '1') return null;
  const products = `${p1}${p2}${p3}${p4}`;
  const six =
    m4 === '0' && m5 === '0' && '012'.includes(m3!) && `${p1}${p2}` === '00'
      ? `${m1}${m2}${p3}${p4}${p5}${m3}`
      : m4 === '0' && m5 === '0' && `${p1}${p2}${p3}` === '000'
        ? `${m1}${m2}${m3}${p4}${p5}3`
        : m5 === '0' && products === '0000'
          ? `${m1}${m2}${m3}${m4}${p5}4`
          : products === '0000' && '56789'.includes(p5!)
            ? `${m1}${m2}${m3}${m4}${m5}${p5}`
            : null;
  return six && `${system}${six}${check}`;
}

/** A code's format as the protocol names it; undefined for one it does not know. */
export const formatOf = (format: string): BarcodeFormat | undefined => (BARCODE_FORMATS as readonly string[]).find((known) => known === format) as BarcodeFormat | undefined;
