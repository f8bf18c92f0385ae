/**
 * Compressed copies of the build's text files, made once at build time next to each file
 * (`start-….js.gz`, `start-….js.br`): nginx sends a copy as it is (`gzip_static`; `brotli_static`
 * with `--brotli`) instead of compressing every response again at its level 6. The gzip copy is
 * Zopfli's, which every browser reads and which is ~4% smaller than gzip -9; on a handheld's slow
 * network the bytes of the start's files are what a first start waits for. Brotli's is ~13% smaller
 * again, for servers with ngx_brotli (browsers ask for it over HTTPS).
 */
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { brotliCompress, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';

/**
 * What nginx compresses (its gzip_types hold more, but the build has only these), whatever the size:
 * nginx sends a copy even below its gzip_min_length, under which it would send the file as it is.
 */
const TEXT_FILE = /\.(js|css|html)$/;

/** Zopfli's iterations: its default 15 took a third longer for 0.05 KB less on the start's 158 KB. */
const ZOPFLI_ITERATIONS = 5;

/**
 * Zopfli is the slow part of the build (≈ 14 s over its files on one core): it runs in one worker
 * thread per core, each taking the next file when done with one. CommonJS, evaluated as is: the
 * library is named by its resolved path, so the worker needs no file of its own.
 */
const ZOPFLI_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { gzipAsync } = require(workerData.library);
parentPort.on('message', async (source) => parentPort.postMessage(await gzipAsync(source, { numiterations: workerData.iterations })));
`;

async function zopfliCopies(sources: Buffer[]): Promise<Buffer[]> {
  const copies: Buffer[] = [];
  const workerData = { library: createRequire(import.meta.url).resolve('@gfx/zopfli'), iterations: ZOPFLI_ITERATIONS };
  const workers = Array.from({ length: Math.min(availableParallelism(), sources.length) }, () => new Worker(ZOPFLI_WORKER, { eval: true, workerData }));
  let next = 0;
  try {
    await Promise.all(
      workers.map(async (worker) => {
        for (let index = next++; index < sources.length; index = next++) {
          worker.postMessage(sources[index]);
          // once() rejects when the worker fails instead.
          const [copy] = (await once(worker, 'message')) as [Uint8Array];
          copies[index] = Buffer.from(copy);
        }
      }),
    );
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return copies;
}

/** Brotli at its best quality, in Node's thread pool beside the Zopfli workers. */
const brotliCopy = promisify(brotliCompress);
const brotliCopies = (sources: Buffer[]) => Promise.all(sources.map((source) => brotliCopy(source, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })));

const COPIES = [
  { suffix: '.gz', compress: zopfliCopies, decompress: (copy: Buffer) => gunzipSync(copy) },
  { suffix: '.br', compress: brotliCopies, decompress: (copy: Buffer) => brotliDecompressSync(copy) },
] as const;

/** The build's files that get copies, relative to `distDir`. */
function copiedFiles(distDir: string): string[] {
  return readdirSync(distDir, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split('\\').join('/'))
    .filter((file) => TEXT_FILE.test(file) && !file.startsWith('.vite/'));
}

/** Writes both copies of every text file in `distDir`; returns how many files got them. */
export async function writeCompressedCopies(distDir: string): Promise<number> {
  const paths = copiedFiles(distDir).map((file) => join(distDir, file));
  const sources = paths.map((path) => readFileSync(path));
  // Both kinds at once: Zopfli in its workers, brotli in Node's thread pool.
  await Promise.all(
    COPIES.map(async ({ suffix, compress }) => {
      const copies = await compress(sources);
      paths.forEach((path, index) => writeFileSync(path + suffix, copies[index] as Buffer));
    }),
  );
  return paths.length;
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
