import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSize } from './compressed-copies.ts';

/** Vite's build manifest entry (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface InitialBundle {
  /** Files the browser loads before the shell can render: the entry and everything it imports statically. */
  js: { file: string; gzip: number }[];
  css: { file: string; gzip: number }[];
  jsGzip: number;
  cssGzip: number;
}

/** Measures the initial JS and CSS of a production build from its manifest. */
export function measureInitialBundle(distDir = 'dist'): InitialBundle {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const seen = new Set<string>();
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry)
    .forEach(([key]) => visit(key));
  const boot = bootStepFile(distDir);
  if (boot) js.add(boot);
  const measure = (files: Set<string>) => [...files].map((file) => ({ file, gzip: gzipSize(join(distDir, file)) }));
  const jsSizes = measure(js);
  const cssSizes = measure(css);
  return {
    js: jsSizes,
    css: cssSizes,
    jsGzip: jsSizes.reduce((sum, f) => sum + f.gzip, 0),
    cssGzip: cssSizes.reduce((sum, f) => sum + f.gzip, 0),
  };
}

/** The built file of the chunk whose source module is `source` (a key of Vite's manifest); null when there is none. */
export function chunkOf(distDir: string, source: string): string | null {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  return manifest[source]?.file ?? null;
}

/**
 * The boot step's classic script that index.html runs first (scripts/vite-plugins.ts bootStepEntry):
 * built apart from the app, so it is not in the manifest. Null when the page has none.
 */
export function bootStepFile(distDir = 'dist'): string | null {
  let html: string;
  try {
    html = readFileSync(join(distDir, 'index.html'), 'utf8');
  } catch {
    return null;
  }
  return /<script src="\/(assets\/frame-first-[\w-]+\.js)"/.exec(html)?.[1] ?? null;
}

/** All files under a folder with their byte sizes (for precache reports). */
export function listFiles(dir: string, base = dir): { file: string; bytes: number }[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    return stat.isDirectory() ? listFiles(path, base) : [{ file: path.slice(base.length + 1), bytes: stat.size }];
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
