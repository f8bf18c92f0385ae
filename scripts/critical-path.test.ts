import { describe, expect, it } from 'vitest';
import { AWAITED_AT_START, criticalPath, type Manifest } from './critical-path.ts';

/** A manifest with the entry, every awaited import (both languages) and some lazy chunks. */
function manifest(extra: Manifest = {}): Manifest {
  const chunks: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/app/SignedInApp.tsx', 'src/lazy.tsx'], css: ['assets/index.css'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/lazy.tsx': { file: 'assets/lazy.js', isDynamicEntry: true, imports: ['_lazy-dep.js'] },
    '_lazy-dep.js': { file: 'assets/lazy-dep.js' },
    'node_modules/workbox-window/build/workbox-window.prod.es5.mjs': { file: 'assets/workbox-window.js', isDynamicEntry: true },
  };
  for (const { key } of AWAITED_AT_START) {
    for (const language of ['vi', 'en']) {
      const resolved = key.replace('{language}', language);
      // A source path is its own key; a group chunk's name is found in `_<name>-<hash>.js`.
      if (resolved.includes('/')) chunks[resolved] ??= { file: `assets/${resolved.replace(/\W/g, '_')}.js`, isDynamicEntry: true };
      else chunks[`_${resolved}-H4sh.js`] = { file: `assets/${resolved}-H4sh.js`, name: resolved };
    }
  }
  chunks['src/app/SignedInApp.tsx'] = { file: 'assets/SignedInApp.js', isDynamicEntry: true, imports: ['_shared.js', '_signed-in-dep.js', 'index.html'], css: ['assets/SignedInApp.css'] };
  chunks['_signed-in-dep.js'] = { file: 'assets/signed-in-dep.js' };
  return { ...chunks, ...extra };
}

const files = (m: Manifest, language = 'vi') => criticalPath(m, language).map((entry) => `${entry.reason} ${entry.file}`);

describe('criticalPath', () => {
  it('follows the entry, then each awaited import with its static imports and CSS', () => {
    const path = files(manifest());
    expect(path.slice(0, 7)).toEqual([
      'entry assets/index.js',
      'entry assets/shared.js',
      'entry assets/index.css',
      'awaited assets/SignedInApp.js',
      'awaited assets/signed-in-dep.js',
      'awaited assets/SignedInApp.css',
      'awaited assets/locale-vi-H4sh.js',
    ]);
    expect(path.join('\n')).not.toMatch(/workbox-window/);
  });

  it('counts a file once, under the first reason that brings it', () => {
    const path = files(manifest());
    expect(path.filter((entry) => entry.endsWith('assets/shared.js'))).toEqual(['entry assets/shared.js']);
    expect(path.filter((entry) => entry.endsWith('assets/index.js'))).toHaveLength(1);
  });

  it('leaves out dynamic imports nobody awaits, and the other language', () => {
    const path = files(manifest()).join('\n');
    expect(path).not.toMatch(/lazy/);
    expect(path).not.toMatch(/locale-en/);
    expect(files(manifest(), 'en').join('\n')).toMatch(/locale-en-H4sh/);
  });

  it('refuses a manifest without an awaited import: the list must follow the code', () => {
    const m = manifest();
    delete m['src/app/SignedInApp.tsx'];
    expect(() => files(m)).toThrow(/src\/app\/SignedInApp\.tsx is not in the build manifest/);
  });

  it('refuses a static import missing from the manifest', () => {
    expect(() => files(manifest({ '_shared.js': { file: 'assets/shared.js', imports: ['_gone.js'] } }))).toThrow(/_gone\.js/);
  });

  it('refuses a manifest with no entry or several', () => {
    expect(() => files(manifest({ 'other.html': { file: 'assets/other.js', isEntry: true } }))).toThrow(/2 entries/);
  });
});
