import { gzipSync } from 'node:zlib';
import { rolldown, type Plugin as RolldownPlugin } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { reactRouterTreeShaking } from './vite-plugins.ts';

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
