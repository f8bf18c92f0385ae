/**
 * The critical path of a signed-in start: every JS and CSS file the browser downloads
 * before the start route's frame is created, derived from Vite's build manifest. The entry and its
 * static imports load first; then the dynamic imports listed here, each with its own static imports
 * and CSS (Vite's preload helper fetches those together with the chunk).
 *
 * The lists below are the one place that says which dynamic imports a start waits for.
 * `tests/e2e/critical-path.spec.ts` records a real signed-in start in Chromium and fails when the
 * browser downloads a JS or CSS file before the frame that is not on this path, or when a file
 * awaited here is not downloaded: a new `await import(…)` on the start-up path cannot go unbudgeted.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootStepFile } from './bundle-size.ts';
import { gzipSize } from './compressed-copies.ts';

/** Vite's build manifest entry (dist/.vite/manifest.json). */
export interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** `{language}` stands for the start language: only its translations are downloaded. */
const LANGUAGE = '{language}';

/**
 * Dynamic imports a signed-in start awaits before the first frame, as manifest keys (source paths)
 * or, for a chunk of vite.config.ts's groups, the group's chunk name, with the place that awaits them.
 */
export const AWAITED_AT_START: readonly { key: string; awaitedBy: string }[] = [
  { key: 'src/app/SignedInApp.tsx', awaitedBy: 'src/app/boot.tsx (signedInLoaded from App.tsx)' },
  { key: `locale-${LANGUAGE}`, awaitedBy: 'src/i18n/index.ts (initI18n): the translation and routes namespaces, one group chunk' },
];

/**
 * V8's explicit compile hint (Chromium 136+; to other engines a comment): every function of a file
 * that starts with it is compiled while the file streams in, on a background thread, rather than one
 * by one on the main thread at its first call. The build puts it on the JS files of this path
 * (scripts/vite-plugins.ts compileHints); `npm run budget` fails a file that lacks it.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The awaited imports of a start in this language: source paths, or group chunk names. */
export const awaitedKeys = (language: string): string[] => AWAITED_AT_START.map(({ key }) => key.replace(LANGUAGE, language));

/** The manifest key of a source path, or of the group chunk named so (`_<name>-<hash>.js`). */
function manifestKey(manifest: Manifest, key: string): string | undefined {
  if (manifest[key]) return key;
  return Object.keys(manifest).find((candidate) => candidate.startsWith('_') && manifest[candidate]?.name === key);
}

export type Reason = 'boot' | 'entry' | 'awaited';

export interface PathFile {
  file: string;
  /** Why it is on the path: the boot step, the entry's closure, or an awaited dynamic import's. */
  reason: Reason;
  /** The manifest key whose loading brings this file. */
  via: string;
}

/**
 * The files of the critical path in the order a start requests them: the entry's static closure,
 * then each awaited import's. Each file appears once, under the first
 * reason that brings it. Throws when a listed import is not in the manifest (renamed or removed:
 * the list must follow the code). A key that is in the manifest only as a static import of another
 * chunk (inlined by the bundler) adds nothing of its own.
 */
export function criticalPath(manifest: Manifest, language: string): PathFile[] {
  const files = new Map<string, PathFile>();
  const seen = new Set<string>();
  const visit = (key: string, reason: Reason, via: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest: update scripts/critical-path.ts to follow the code`);
    const add = (file: string) => {
      if (!files.has(file)) files.set(file, { file, reason, via });
    };
    add(chunk.file);
    chunk.imports?.forEach((imported) => visit(imported, reason, via));
    chunk.css?.forEach(add);
  };
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`the build manifest has ${entries.length} entries, 1 expected (index.html)`);
  for (const [key] of entries) visit(key, 'entry', key);
  for (const key of awaitedKeys(language)) visit(manifestKey(manifest, key) ?? key, 'awaited', key);
  return [...files.values()];
}

export interface SizedPathFile extends PathFile {
  gzip: number;
}

export interface CriticalPathFigures {
  language: string;
  files: SizedPathFile[];
  gzip: number;
}

export const readManifest = (distDir: string): Manifest => JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The critical path of a production build in one start language, each file with its gzip size. */
export function measureCriticalPath(distDir: string, language: string): CriticalPathFigures {
  const boot = bootStepFile(distDir);
  const path: PathFile[] = [...(boot ? [{ file: boot, reason: 'boot' as const, via: 'index.html' }] : []), ...criticalPath(readManifest(distDir), language)];
  const files = path.map((entry) => ({ ...entry, gzip: gzipSize(join(distDir, entry.file)) }));
  return { language, files, gzip: files.reduce((sum, entry) => sum + entry.gzip, 0) };
}
