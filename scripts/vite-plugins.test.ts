import { gzipSync } from 'node:zlib';
import { rolldown, type Plugin as RolldownPlugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT } from './critical-path.ts';
import { compileHints, reactRouterTreeShaking, startChunks, type ChunkNode } from './vite-plugins.ts';

/** Bundles, minified as a build does, an entry that uses what the portal uses of React Router. */
async function bundleRouter(plugins: RolldownPlugin[]): Promise<string> {
  const entry: RolldownPlugin = {
    name: 'entry',
    resolveId: (source) => (source === 'entry' ? source : null),
    load: (id) =>
      id === 'entry'
        ? `export { BrowserRouter, Navigate, useHref, useLinkClickHandler, useLocation, useNavigate } from 'react-router';`
        : null,
  };
  const build = await rolldown({
    input: 'entry',
    plugins: [entry, ...plugins],
    external: ['react', 'react-dom'],
    transform: { define: { 'process.env.NODE_ENV': '"production"' } },
    logLevel: 'silent',
  });
  const { output } = await build.generate({ format: 'es', minify: true });
  return output[0].code;
}

describe('reactRouterTreeShaking', () => {
  it('bundles only the parts of React Router the portal uses', async () => {
    const plain = await bundleRouter([]);
    const trimmed = await bundleRouter([reactRouterTreeShaking() as RolldownPlugin]);
    // The router itself is there…
    expect(trimmed.includes('You cannot render a <Router> inside another <Router>')).toBe(true);
    // …but not Form, NavLink or Link's framework-mode prefetching, which the portal does not use.
    const unused = ['useFormAction must be used inside a RouteContext', 'isTransitioning:', 'inside a <HydratedRouter> element'];
    expect(unused.filter((text) => plain.includes(text))).toEqual(unused);
    expect(unused.filter((text) => trimmed.includes(text))).toEqual([]);
    expect(gzipSync(trimmed).length).toBeLessThan(gzipSync(plain).length / 2);
  });
});

describe('startChunks', () => {
  const chunk = (fileName: string, imports: string[] = [], more: Partial<ChunkNode> = {}): ChunkNode => ({ fileName, name: fileName.replace(/\.js$/, ''), isEntry: false, facadeModuleId: null, imports, ...more });
  const chunks = [
    chunk('entry.js', ['libs.js', 'runtime.js'], { isEntry: true }),
    chunk('libs.js', ['runtime.js']),
    chunk('runtime.js'),
    chunk('shell.js', ['libs.js', 'shell-parts.js'], { facadeModuleId: `${process.cwd()}/src/app/Shell.tsx` }),
    chunk('shell-parts.js'),
    chunk('texts-vi.js', [], { name: 'texts-vi' }),
    chunk('later.js', ['libs.js']),
  ];
  const keys = (language: string) => ['src/app/Shell.tsx', `texts-${language}`];

  it("finds the entry's static closure and each awaited import's, by source path or chunk name", () => {
    expect(startChunks(chunks, 'vi', keys)).toEqual({ entry: new Set(['entry.js', 'libs.js', 'runtime.js']), awaited: new Set(['shell.js', 'shell-parts.js', 'texts-vi.js']) });
  });

  it('refuses an awaited import the bundle does not have', () => {
    expect(() => startChunks(chunks, 'en', keys)).toThrow(/texts-en is not in the bundle/);
  });
});

describe('compileHints', () => {
  /** Bundles an entry that imports a shared module, awaits one import at start and loads another later. */
  async function bundle(sourcemap: boolean) {
    const modules: Record<string, string> = {
      entry: `import { shared } from 'shared'; export const start = () => import('awaited').then((m) => m.run(shared)); export const later = () => import('later');`,
      shared: 'export function shared() { return 1; }',
      awaited: `import { shared } from 'shared'; export function run(f) { return f() + shared(); }`,
      later: `import { shared } from 'shared'; export function later() { return shared() * 2; }`,
    };
    const source: RolldownPlugin = { name: 'modules', resolveId: (id) => (id in modules ? id : null), load: (id) => modules[id] ?? null };
    const build = await rolldown({ input: 'entry', plugins: [source, compileHints(() => ['awaited']) as RolldownPlugin], logLevel: 'silent' });
    const { output } = await build.generate({ format: 'es', minify: true, sourcemap });
    return output;
  }

  it("starts the entry's chunks and the awaited import's with V8's compile hint, not a chunk loaded later", async () => {
    const output = await bundle(false);
    const hinted = (name: string) => output.some((file) => file.type === 'chunk' && file.name === name && file.code.startsWith(`${COMPILE_HINT}\n`));
    expect(['entry', 'shared', 'awaited', 'later'].map(hinted)).toEqual([true, true, true, false]);
  });

  it("moves a hinted chunk's source map one line down", async () => {
    const output = await bundle(true);
    const awaited = output.find((file) => file.type === 'chunk' && file.name === 'awaited');
    const map = output.find((file) => file.type === 'asset' && file.fileName === `${awaited?.fileName}.map`);
    expect(JSON.parse(String(map?.type === 'asset' && map.source)).mappings).toMatch(/^;[^;]/);
  });
});
