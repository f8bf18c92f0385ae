import bwipjs from 'bwip-js/node';
import type { BarcodeFormat } from '../../packages/frame-client/scanner.ts';

/**
 * A video for Chromium's fake camera (`--use-fake-device-for-media-stream
 * --use-file-for-fake-video-capture=<file>.y4m`): barcodes drawn by bwip-js, one after another, each
 * for a few frames, looped by the browser. Every format the portal promises to read, with the text the
 * decoder must read back (README "Scanning").
 */
export interface TestCode {
  format: BarcodeFormat;
  /** bwip-js's name of the symbology. */
  bcid: string;
  /** What is encoded, and what a reader reads back. */
  text: string;
}

/** First the picking list's code (scan to open's pattern in the local fixtures): a capture starts at the video's first frame. */
export const TEST_CODES: readonly TestCode[] = [
  { format: 'code_128', bcid: 'code128', text: 'PL-42-0007' },
  { format: 'ean_13', bcid: 'ean13', text: '5901234123457' },
  { format: 'ean_8', bcid: 'ean8', text: '96385074' },
  { format: 'upc_a', bcid: 'upca', text: '036000291452' },
  { format: 'upc_e', bcid: 'upce', text: '01234565' },
  { format: 'code_39', bcid: 'code39', text: 'SKU-39' },
  { format: 'itf', bcid: 'interleaved2of5', text: '12345678' },
  { format: 'qr_code', bcid: 'qrcode', text: 'https://staff.example/pick/42' },
  { format: 'data_matrix', bcid: 'datamatrix', text: 'DM-SKU-0042' },
];

export interface VideoShape {
  width: number;
  height: number;
  /** Frames a second, as the file says. */
  fps: number;
  /** How long each code stays in view, in frames. */
  framesPerCode: number;
}

export const VIDEO: VideoShape = { width: 640, height: 480, fps: 10, framesPerCode: 5 };

type Raw = { sbs: number[] } | { pixs: number[]; pixx: number; pixy: number };

/** One code as luma (0 black, 255 white) on a white frame: bars or modules scaled to fill it, quiet zones kept. */
export function drawCode(code: TestCode, { width, height }: Pick<VideoShape, 'width' | 'height'> = VIDEO): Uint8Array {
  const luma = new Uint8Array(width * height).fill(255);
  const [symbol] = bwipjs.raw({ bcid: code.bcid, text: code.text }) as Raw[];
  if (!symbol) throw new Error(`bwip-js drew nothing for ${code.bcid}`);
  const paint = (x0: number, y0: number, w: number, h: number) => {
    for (let y = y0; y < y0 + h; y++) luma.fill(0, y * width + x0, y * width + x0 + w);
  };
  if ('sbs' in symbol) {
    // Bars and spaces, alternating from a bar, in modules; 12 modules of quiet zone either side.
    const modules = symbol.sbs.reduce((sum, run) => sum + run, 0);
    const scale = Math.floor(width / (modules + 24));
    const barHeight = Math.round(height * 0.5);
    let x = Math.floor((width - modules * scale) / 2);
    const top = Math.floor((height - barHeight) / 2);
    symbol.sbs.forEach((run, index) => {
      if (index % 2 === 0) paint(x, top, run * scale, barHeight);
      x += run * scale;
    });
  } else {
    // A matrix, four modules of quiet zone around it.
    const { pixs, pixx, pixy } = symbol;
    const scale = Math.floor(Math.min(width / (pixx + 8), height / (pixy + 8)));
    const left = Math.floor((width - pixx * scale) / 2);
    const top = Math.floor((height - pixy * scale) / 2);
    pixs.forEach((dark, index) => {
      if (dark) paint(left + (index % pixx) * scale, top + Math.floor(index / pixx) * scale, scale, scale);
    });
  }
  return luma;
}

/** The codes as a YUV4MPEG2 (4:2:0) file: grey pictures, each code `framesPerCode` frames long. */
export function barcodeVideo(codes: readonly TestCode[] = TEST_CODES, shape: VideoShape = VIDEO): Buffer {
  const { width, height, fps, framesPerCode } = shape;
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frames = codes.flatMap((code) => {
    const frame = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(drawCode(code, shape)), chroma]);
    return Array.from({ length: framesPerCode }, () => frame);
  });
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F${fps}:1 Ip A1:1 C420jpeg\n`), ...frames]);
}
