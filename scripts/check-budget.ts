/**
 * Size budgets of the production build, run by `npm test` right after `npm run build`:
 * `tsx scripts/check-budget.ts [distDir]` prints every figure and exits 1 when one is over budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chunkOf, kb, listFiles, measureInitialBundle } from './bundle-size.ts';
import { compressedCopyProblems, gzipSize } from './compressed-copies.ts';
import { COMPILE_HINT, measureCriticalPath, type CriticalPathFigures } from './critical-path.ts';
import { LANGUAGES } from '../src/i18n/languages.ts';

export const BUDGETS = {
  /** The entry chunk and every chunk it imports statically (the browser preloads them all). */
  initialJsGzip: 200 * 1024,
  initialCssGzip: 25 * 1024,
  /**
   * Every JS and CSS file a signed-in start downloads before the start frame is created
   * (scripts/critical-path.ts), in the start language whose path is the larger.
   */
  criticalPathGzip: 160 * 1024,
  /** One precached file; also workbox's maximumFileSizeToCacheInBytes in vite.config.ts. */
  precachedFileBytes: 2 * 1024 * 1024,
  /** Everything the service worker downloads on install (uncompressed, as the Cache Storage holds it) but the decoder below. */
  precacheBytes: 2_000_000,
  /**
   * The scanner's decoder (ZXing-C++ in WebAssembly, src/scanner/decoder.ts): precached so the camera
   * reads offline too, 1.09 MB; loaded by a page only when the camera sheet opens.
   */
  decoderBytes: 1_200_000,
  /** Lazy parts that are large libraries of their own, by the source module whose chunk holds them (gzip). */
  lazyParts: [
    // Firebase's messaging, loaded only with push settings and after the first screen (src/push/load-adapter.ts): 15.2 KB as sent with Firebase 13.2.
    { label: 'push (Firebase)', source: 'src/push/firebase-adapter.ts', gzip: 20 * 1024 },
  ],
} as const;

export type Budgets = typeof BUDGETS;

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * The precache list that workbox's injectManifest wrote into the built service worker: it replaces
 * `self.__WB_MANIFEST` with a JSON array of `{revision, url}` objects. The array is located by its
 * first object and cut out with a string-aware bracket scan, because minified code follows it.
 */
export function readPrecacheManifest(serviceWorker: string): PrecacheEntry[] {
  const start = serviceWorker.search(/\[\{"(?:revision|url)":/);
  if (start < 0) throw new Error('no injected precache manifest found in the service worker (was it built with injectManifest?)');
  let depth = 0;
  let inString = false;
  for (let i = start; i < serviceWorker.length; i++) {
    const char = serviceWorker[i];
    if (inString) {
      if (char === '\\') i++;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '[' || char === '{') depth++;
    else if (char === ']' || char === '}') {
      depth--;
      if (depth === 0) return JSON.parse(serviceWorker.slice(start, i + 1)) as PrecacheEntry[];
    }
  }
  throw new Error('the injected precache manifest in the service worker is not closed');
}

export interface BuildFigures {
  initialJsGzip: number;
  initialCssGzip: number;
  /** The larger of the start languages' critical paths. */
  criticalPath: CriticalPathFigures;
  precache: { file: string; bytes: number }[];
  /** Built JS, CSS and HTML that the precache lacks: workbox silently skips files over its size limit. */
  notPrecached: string[];
  /** The app's JS files on a start language's critical path that do not start with V8's compile hint. */
  withoutCompileHint: string[];
  /** Compressed copies missing or not their file's content (scripts/compressed-copies.ts). */
  compressedCopyProblems: string[];
  /** The chunk of each of BUDGETS.lazyParts, by its source module; null when the build has no such chunk. */
  lazyParts: { source: string; file: string; gzip: number }[];
}

export interface BudgetReport {
  lines: string[];
  failures: string[];
}

const mb = (bytes: number) => `${(bytes / 1_000_000).toFixed(2)} MB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

const isDecoder = (entry: { file: string }) => entry.file.endsWith('.wasm');
const sum = (entries: { bytes: number }[]) => entries.reduce((total, entry) => total + entry.bytes, 0);
/** The precache without the decoder's binary (BUDGETS.decoderBytes counts that). */
export const precacheTotal = (figures: Pick<BuildFigures, 'precache'>) => sum(figures.precache.filter((entry) => !isDecoder(entry)));

/** Compares the figures with the budgets: one printable line per figure, one failure per broken budget. */
export function checkBudgets(figures: BuildFigures, budgets: Budgets = BUDGETS): BudgetReport {
  const failures: string[] = [];
  const line = (label: string, value: string, limit: string, over: boolean, note = '') => {
    const text = `${label.padEnd(24)} ${value.padStart(10)}  (budget ${limit})${over ? '  OVER BUDGET' : ''}${note}`;
    if (over) failures.push(text.trim());
    return text;
  };
  const total = precacheTotal(figures);
  const decoder = sum(figures.precache.filter(isDecoder));
  const bySize = [...figures.precache].sort((a, b) => b.bytes - a.bytes);
  const fileLimit = mib(budgets.precachedFileBytes);
  const lines = [
    line('initial JS (gzip)', kb(figures.initialJsGzip), kb(budgets.initialJsGzip), figures.initialJsGzip > budgets.initialJsGzip),
    line('initial CSS (gzip)', kb(figures.initialCssGzip), kb(budgets.initialCssGzip), figures.initialCssGzip > budgets.initialCssGzip),
    line(
      'critical path (gzip)',
      kb(figures.criticalPath.gzip),
      kb(budgets.criticalPathGzip),
      figures.criticalPath.gzip > budgets.criticalPathGzip,
      `  signed-in start in '${figures.criticalPath.language}', ${figures.criticalPath.files.length} files:`,
    ),
    // Largest first, each with why it is on the path (boot step, entry, awaited import).
    ...[...figures.criticalPath.files]
      .sort((a, b) => b.gzip - a.gzip)
      .map((entry) => `  ${kb(entry.gzip).padStart(10)}  ${entry.reason.padEnd(9)}  ${entry.file}${entry.reason === 'entry' ? '' : `  (${entry.via})`}`),
    line(`precache (${figures.precache.length} files)`, mb(total), mb(budgets.precacheBytes), total > budgets.precacheBytes, decoder > 0 ? '  without the decoder:' : ''),
    ...(decoder > 0 ? [line('decoder (wasm)', mb(decoder), mb(budgets.decoderBytes), decoder > budgets.decoderBytes, '  precached, loaded with the camera sheet')] : []),
    ...budgets.lazyParts.map(({ label, source, gzip: limit }) => {
      const part = figures.lazyParts.find((candidate) => candidate.source === source);
      if (part) return line(`${label} (lazy)`, kb(part.gzip), kb(limit), part.gzip > limit, `  ${part.file}`);
      const text = `no chunk for ${label}: ${source} is not in the build's manifest`;
      failures.push(text);
      return text;
    }),
  ];
  const oversized = bySize.filter((entry) => entry.bytes > budgets.precachedFileBytes);
  // The largest file is always shown, so a file creeping towards the limit is visible before it fails.
  const shown = oversized.length > 0 ? oversized : bySize.slice(0, 1);
  for (const entry of shown) {
    lines.push(line('precached file', mib(entry.bytes), fileLimit, entry.bytes > budgets.precachedFileBytes, `  ${entry.file}`));
  }
  for (const file of figures.notPrecached) {
    const text = `not precached: ${file} (over workbox's size limit or outside its globs)`;
    failures.push(text);
    lines.push(text);
  }
  for (const file of figures.withoutCompileHint) {
    const text = `no compile hint: ${file} is on the critical path but does not start with ${COMPILE_HINT} (scripts/vite-plugins.ts compileHints)`;
    failures.push(text);
    lines.push(text);
  }
  for (const problem of figures.compressedCopyProblems) {
    const text = `compressed copy: ${problem} (scripts/vite-plugins.ts compressedCopies)`;
    failures.push(text);
    lines.push(text);
  }
  return { lines, failures };
}

/** Reads the figures of a production build (dist/ with .vite/manifest.json and sw.js). */
export function measureBuild(distDir = 'dist'): BuildFigures {
  const initial = measureInitialBundle(distDir);
  const paths = LANGUAGES.map((language) => measureCriticalPath(distDir, language));
  const criticalPath = paths.reduce((larger, path) => (path.gzip > larger.gzip ? path : larger));
  // The boot step is a classic script built apart, whose code cache Chromium does use.
  const appScripts = new Set(paths.flatMap((path) => path.files.filter((entry) => entry.reason !== 'boot' && entry.file.endsWith('.js')).map((entry) => entry.file)));
  const withoutCompileHint = [...appScripts].filter((file) => !readFileSync(join(distDir, file), 'utf8').startsWith(COMPILE_HINT));
  const entries = readPrecacheManifest(readFileSync(join(distDir, 'sw.js'), 'utf8'));
  const sizes = new Map(listFiles(distDir).map((entry) => [entry.file, entry.bytes]));
  const precache = entries.map(({ url }) => {
    const bytes = sizes.get(url);
    if (bytes === undefined) throw new Error(`the precache lists ${url}, which is not in ${distDir}`);
    return { file: url, bytes };
  });
  const listed = new Set(entries.map((entry) => entry.url));
  // Same globs as injectManifest.globPatterns; the worker itself is never precached.
  const notPrecached = [...sizes.keys()].filter((file) => /\.(js|css|html|wasm)$/.test(file) && !file.startsWith('.vite/') && file !== 'sw.js' && !listed.has(file));
  const lazyParts = BUDGETS.lazyParts.flatMap(({ source }) => {
    const file = chunkOf(distDir, source);
    return file ? [{ source, file, gzip: gzipSize(join(distDir, file)) }] : [];
  });
  return { initialJsGzip: initial.jsGzip, initialCssGzip: initial.cssGzip, criticalPath, precache, notPrecached, withoutCompileHint, compressedCopyProblems: compressedCopyProblems(distDir), lazyParts };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const distDir = process.argv[2] ?? 'dist';
  const report = checkBudgets(measureBuild(distDir));
  console.log(`Size budgets of ${distDir}/`);
  report.lines.forEach((text) => console.log(`  ${text}`));
  if (report.failures.length > 0) {
    console.error(`\n${report.failures.length} budget(s) broken:\n  ${report.failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}
