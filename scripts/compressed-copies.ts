/**
 * Compressed copies of the build's text files, made once at build time next to each file
 * (`start-….js.gz`, `start-….js.br`): nginx sends a copy as it is (`gzip_static`; `brotli_static`
 * with `--brotli`) instead of compressing every response again at its level 6. The gzip copy is
 * Zopfli's, which every browser reads and which is ~4% smaller than gzip -9; on a handheld's slow
 * network the bytes of the start's files are what a first start waits for. Brotli's is ~13% smaller
 * again, for servers with ngx_brotli (browsers ask for it over HTTPS).
 */
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/**
 * What nginx compresses (its gzip_types hold more, but the build has only these), whatever the size:
 * nginx sends a copy even below its gzip_min_length, under which it would send the file as it is.
 */
const TEXT_FILE = /\.(js|css|html)$/;

const COPIES = [
  {
    suffix: '.gz',
    // 5 iterations: Zopfli's default 15 took a third longer for 0.05 KB less on the start's 158 KB.
    compress: async (source: Buffer) => Buffer.from(await zopfliGzip(source, { numiterations: 5 })),
    decompress: (copy: Buffer) => gunzipSync(copy),
  },
  {
    suffix: '.br',
    compress: async (source: Buffer) => brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
    decompress: (copy: Buffer) => brotliDecompressSync(copy),
  },
] as const;

/** The build's files that get copies, relative to `distDir`. */
function copiedFiles(distDir: string): string[] {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => TEXT_FILE.test(file) && !file.startsWith('.vite/'));
}

/** Writes both copies of every text file in `distDir`; returns how many files got them. */
export async function writeCompressedCopies(distDir: string): Promise<number> {
  const files = copiedFiles(distDir);
  for (const file of files) {
    const source = readFileSync(join(distDir, file));
    for (const copy of COPIES) writeFileSync(join(distDir, file + copy.suffix), await copy.compress(source));
  }
  return files.length;
}

/**
 * Copies that would make a server send something else than the file: a copy missing (the server
 * compresses at its own level: not wrong, but the saving is lost) or one that is not the file's
 * content (a plugin changed the file after the copies were made: the server would send the old code).
 */
export function compressedCopyProblems(distDir: string): string[] {
  return copiedFiles(distDir).flatMap((file) => {
    const source = readFileSync(join(distDir, file));
    return COPIES.flatMap(({ suffix, decompress }) => {
      const copy = join(distDir, file + suffix);
      if (!existsSync(copy)) return [`${file}${suffix} is missing`];
      return decompress(readFileSync(copy)).equals(source) ? [] : [`${file}${suffix} is not ${file} (made before the file changed)`];
    });
  });
}

/** A file's gzip size as nginx sends it: its Zopfli copy when it has one (every built text file), else gzip -9. */
export function gzipSize(path: string): number {
  const copy = `${path}.gz`;
  return existsSync(copy) ? readFileSync(copy).length : gzipSync(readFileSync(path), { level: 9 }).length;
}
