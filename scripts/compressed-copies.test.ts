import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compressedCopyProblems, gzipSize, writeCompressedCopies } from './compressed-copies.ts';

/** Text that compresses like code: repeated words with varying numbers. */
const code = (bytes: number) => Array.from({ length: Math.ceil(bytes / 16) }, (_, i) => `export const v${i}=${(i * 7919) % 997};`).join('\n').slice(0, bytes);

describe('compressed copies', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'copies-'));
    mkdirSync(join(dir, 'assets'));
    mkdirSync(join(dir, '.vite'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
  };

  it('copies every JS, CSS and HTML file, small ones too, as gzip and brotli of its exact content', async () => {
    write({
      'index.html': code(3_000),
      'assets/start.js': code(20_000),
      'assets/index.css': code(1_000),
      'assets/tiny.js': code(100),
      'manifest.webmanifest': code(5_000),
      '.vite/manifest.json': code(5_000),
    });
    expect(await writeCompressedCopies(dir)).toBe(4);
    for (const file of ['index.html', 'assets/start.js', 'assets/index.css', 'assets/tiny.js']) {
      const source = readFileSync(join(dir, file));
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(source), file).toBe(true);
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).equals(source), file).toBe(true);
    }
    expect(() => readFileSync(join(dir, 'manifest.webmanifest.gz'))).toThrow();
    expect(() => readFileSync(join(dir, '.vite/manifest.json.gz'))).toThrow();
    expect(compressedCopyProblems(dir)).toEqual([]);
  });

  it('makes the gzip copy smaller than gzip -9, and sizes a file as sent: its copy, else gzip -9', async () => {
    write({ 'assets/start.js': code(50_000) });
    const level9 = gzipSync(readFileSync(join(dir, 'assets/start.js')), { level: 9 }).length;
    expect(gzipSize(join(dir, 'assets/start.js'))).toBe(level9);
    await writeCompressedCopies(dir);
    expect(gzipSize(join(dir, 'assets/start.js'))).toBe(readFileSync(join(dir, 'assets/start.js.gz')).length);
    expect(gzipSize(join(dir, 'assets/start.js'))).toBeLessThan(level9);
  });

  it('names a copy that is missing, and one made before its file changed', async () => {
    write({ 'assets/start.js': code(5_000), 'assets/other.js': code(5_000) });
    await writeCompressedCopies(dir);
    write({ 'assets/start.js': code(6_000) });
    rmSync(join(dir, 'assets/other.js.br'));
    expect(compressedCopyProblems(dir).sort()).toEqual([
      'assets/other.js.br is missing',
      'assets/start.js.br is not assets/start.js (made before the file changed)',
      'assets/start.js.gz is not assets/start.js (made before the file changed)',
    ]);
  });
});
