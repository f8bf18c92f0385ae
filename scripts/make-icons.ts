/**
 * Writes the PWA icons (public/icons/*.png) without an image toolchain: a white "portal" mark —
 * a ring around a square — on the brand blue. Run with `npx tsx scripts/make-icons.ts`.
 */
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const BLUE = [0x1e, 0x6f, 0xd9];
const WHITE = [0xff, 0xff, 0xff];

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** `scale` < 1 keeps the mark inside the maskable safe zone; `rounded` cuts transparent corners. */
function icon(size: number, { scale, rounded }: { scale: number; rounded: boolean }): Buffer {
  const rows: Buffer[] = [];
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const dx = (x + 0.5 - c) / (c * scale);
      const dy = (y + 0.5 - c) / (c * scale);
      const r = Math.hypot(dx, dy);
      const inRing = r > 0.62 && r < 0.78;
      const inSquare = Math.abs(dx) < 0.3 && Math.abs(dy) < 0.3;
      const corner = Math.hypot(Math.max(Math.abs(x + 0.5 - c) - c * 0.78, 0), Math.max(Math.abs(y + 0.5 - c) - c * 0.78, 0));
      const transparent = rounded && corner > c * 0.22;
      const [red, green, blue] = inRing || inSquare ? WHITE : BLUE;
      row.set([red!, green!, blue!, transparent ? 0 : 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

writeFileSync('public/icons/icon-192.png', icon(192, { scale: 1, rounded: true }));
writeFileSync('public/icons/icon-512.png', icon(512, { scale: 1, rounded: true }));
writeFileSync('public/icons/icon-maskable-512.png', icon(512, { scale: 0.75, rounded: false }));
