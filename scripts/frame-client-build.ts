/**
 * Builds the frame client package (packages/frame-client, its README): ESM JavaScript per entry with
 * `.d.ts` types, and one classic script for apps without a bundler. Prints what each entry costs an app
 * (the entry bundled alone, minified, gzip) and exits 1 when the core is over its budget.
 * `npm run frame-client:build`; `npm pack` in packages/frame-client runs it first (prepack).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { rolldown } from 'rolldown';

export const PACKAGE_DIR = fileURLToPath(new URL('../packages/frame-client/', import.meta.url));
const DIST = join(PACKAGE_DIR, 'dist');

/** The package's entries (its exports map): the core, the outbox, the scanner, the shell stand-in for tests. */
export const ENTRIES = { index: 'index.ts', outbox: 'outbox-client.ts', scanner: 'scanner.ts', testing: 'testing.ts' } as const;
/** The classic script: everything but the stand-in, on one global. */
export const CLASSIC = { source: 'iife.ts', file: 'frame-client.iife.js', global: 'StaffPortalFrameClient' } as const;
/** What the core (`.`) may cost an app, gzip. */
export const CORE_BUDGET_GZIP = 6 * 1024;

export interface EntryCost {
  name: string;
  bytes: number;
  gzip: number;
}

const gzip = (code: string) => gzipSync(code, { level: 9 }).length;

/** What importing one entry costs an app: the entry and all it imports, bundled alone and minified. */
export async function entryCost(name: string, source: string): Promise<EntryCost> {
  const bundle = await rolldown({ input: join(PACKAGE_DIR, source), platform: 'browser', logLevel: 'silent' });
  try {
    const { output } = await bundle.generate({ format: 'esm', minify: true, codeSplitting: false });
    const code = output[0].code;
    return { name, bytes: Buffer.byteLength(code), gzip: gzip(code) };
  } finally {
    await bundle.close();
  }
}

/** The lines the build prints, and whether the core is within its budget. */
export function report(costs: readonly EntryCost[], budget = CORE_BUDGET_GZIP): { lines: string[]; ok: boolean } {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const core = costs.find((cost) => cost.name === 'index');
  const ok = core !== undefined && core.gzip <= budget;
  const lines = costs.map(({ name, bytes, gzip: zipped }) => `${name.padEnd(24)} ${kb(bytes).padStart(9)} min  ${kb(zipped).padStart(8)} gzip${name === 'index' ? `  (core budget ${kb(budget)}${ok ? '' : ': OVER'})` : ''}`);
  return { lines, ok };
}

export async function buildFrameClient(): Promise<{ lines: string[]; ok: boolean }> {
  rmSync(DIST, { recursive: true, force: true });
  // ESM per entry; what entries share goes in shared chunks, so a class (OutboxError, ScanError) is one class.
  const esm = await rolldown({ input: Object.fromEntries(Object.entries(ENTRIES).map(([name, file]) => [name, join(PACKAGE_DIR, file)])), platform: 'browser' });
  await esm.write({ dir: DIST, format: 'esm', entryFileNames: '[name].js', chunkFileNames: 'shared/[name]-[hash].js', sourcemap: true });
  await esm.close();
  const classic = await rolldown({ input: join(PACKAGE_DIR, CLASSIC.source), platform: 'browser' });
  await classic.write({ file: join(DIST, CLASSIC.file), format: 'iife', name: CLASSIC.global, minify: true, sourcemap: true });
  await classic.close();
  // Types: tsc writes the sources' `.ts` specifiers as they are in declarations; the files are `.js`/`.d.ts` here.
  execFileSync(process.execPath, [fileURLToPath(import.meta.resolve('typescript/bin/tsc')), '-p', join(PACKAGE_DIR, 'tsconfig.build.json')], { stdio: 'inherit' });
  for (const file of readdirSync(DIST).filter((name) => name.endsWith('.d.ts'))) {
    const path = join(DIST, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(/(from\s+'\.\/[\w-]+)\.ts'/g, "$1.js'"));
  }
  const costs = await Promise.all(Object.entries(ENTRIES).map(([name, file]) => entryCost(name, file)));
  const script = readFileSync(join(DIST, CLASSIC.file), 'utf8');
  return report([...costs, { name: `${CLASSIC.file} (classic)`, bytes: Buffer.byteLength(script), gzip: gzip(script) }]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { lines, ok } = await buildFrameClient();
  console.log(`@staff-portal/frame-client → packages/frame-client/dist\n${lines.join('\n')}`);
  if (!ok) {
    console.error(`The core (index) is over its budget of ${CORE_BUDGET_GZIP / 1024} KB gzip.`);
    process.exit(1);
  }
}
