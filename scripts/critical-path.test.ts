import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AWAITED_AT_START, criticalPath, ionicHelpers, type Manifest } from './critical-path.ts';

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
      chunks[resolved] ??= { file: `assets/${resolved.replace(/\W/g, '_')}.js`, isDynamicEntry: true };
    }
  }
  chunks['src/app/SignedInApp.tsx'] = { file: 'assets/SignedInApp.js', isDynamicEntry: true, imports: ['_shared.js', '_signed-in-dep.js', 'index.html'], css: ['assets/SignedInApp.css'] };
  chunks['_signed-in-dep.js'] = { file: 'assets/signed-in-dep.js' };
  return { ...chunks, ...extra };
}

const files = (m: Manifest, language = 'vi') => criticalPath(m, language, [{ key: 'node_modules/workbox-window/build/workbox-window.prod.es5.mjs' }]).map((entry) => `${entry.reason} ${entry.file}`);

describe('criticalPath', () => {
  it('follows the entry, then each awaited import with its static imports and CSS, then what loads alongside', () => {
    const path = files(manifest());
    expect(path.slice(0, 7)).toEqual([
      'entry assets/index.js',
      'entry assets/shared.js',
      'entry assets/index.css',
      'awaited assets/SignedInApp.js',
      'awaited assets/signed-in-dep.js',
      'awaited assets/SignedInApp.css',
      'awaited assets/src_i18n_locales_vi_translation_json.js',
    ]);
    expect(path.at(-1)).toBe('alongside assets/workbox-window.js');
  });

  it('counts a file once, under the first reason that brings it', () => {
    const path = files(manifest());
    expect(path.filter((entry) => entry.endsWith('assets/shared.js'))).toEqual(['entry assets/shared.js']);
    expect(path.filter((entry) => entry.endsWith('assets/index.js'))).toHaveLength(1);
  });

  it('leaves out dynamic imports nobody awaits, and the other language', () => {
    const path = files(manifest()).join('\n');
    expect(path).not.toMatch(/lazy/);
    expect(path).not.toMatch(/locales_en/);
    expect(files(manifest(), 'en').join('\n')).toMatch(/locales_en_routes/);
  });

  it('refuses a manifest without an awaited import: the list must follow the code', () => {
    const m = manifest();
    delete m['src/flags/flagr-provider.ts'];
    expect(() => files(m)).toThrow(/src\/flags\/flagr-provider\.ts is not in the build manifest/);
  });

  it('refuses a static import missing from the manifest', () => {
    expect(() => files(manifest({ '_shared.js': { file: 'assets/shared.js', imports: ['_gone.js'] } }))).toThrow(/_gone\.js/);
  });

  it("finds a module loaded alongside in a shared chunk, and skips Ionic's when inlined", () => {
    const m = manifest({ '_p-Abc12-XyZ_9.js': { file: 'assets/p-Abc12-XyZ_9.js' } });
    const alongside = [{ key: 'node_modules/@ionic/core/components/p-Abc12.js' }, { key: 'node_modules/@ionic/core/components/p-Inlined.js' }];
    const path = criticalPath(m, 'vi', alongside).filter((entry) => entry.reason === 'alongside');
    expect(path).toEqual([{ file: 'assets/p-Abc12-XyZ_9.js', reason: 'alongside', via: 'node_modules/@ionic/core/components/p-Abc12.js' }]);
    expect(() => criticalPath(m, 'vi', [{ key: 'src/gone.ts' }])).toThrow(/src\/gone\.ts is not in the build manifest/);
  });

  it('refuses a manifest with no entry or several', () => {
    expect(() => files(manifest({ 'other.html': { file: 'assets/other.js', isEntry: true } }))).toThrow(/2 entries/);
  });
});

describe('ionicHelpers', () => {
  it("reads the modules an Ionic component imports once it has loaded, from the installed Ionic", () => {
    const helpers = ionicHelpers('ion-app');
    expect(helpers.length).toBeGreaterThanOrEqual(3);
    for (const key of [...helpers, ...ionicHelpers('ion-menu')]) expect(key).toMatch(/^node_modules\/@ionic\/core\/components\/p-[\w-]+\.js$/);
    expect(ionicHelpers('ion-menu')).toHaveLength(1);
  });

  it('leaves out the status-bar tap, which Ionic starts only in hybrid apps', () => {
    const require = createRequire(import.meta.url);
    const components = join(dirname(require.resolve('@ionic/core/package.json')), 'components');
    const statusTap = readdirSync(components).filter((file) => /^p-.*\.js$/.test(file) && /as startStatusTap\b/.test(readFileSync(join(components, file), 'utf8')));
    expect(statusTap).toHaveLength(1);
    expect(readFileSync(join(components, 'ion-app.js'), 'utf8')).toContain(`import("./${statusTap[0]}")`);
    expect(ionicHelpers('ion-app')).not.toContain(`node_modules/@ionic/core/components/${statusTap[0]}`);
  });
});
