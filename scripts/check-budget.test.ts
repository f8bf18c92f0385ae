import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGETS, checkBudgets, measureBuild, readPrecacheManifest, type BuildFigures } from './check-budget.ts';
import { bootStepFile, measureInitialBundle } from './bundle-size.ts';
import { writeCompressedCopies } from './compressed-copies.ts';
import { AWAITED_AT_START, COMPILE_HINT, criticalPath, readManifest } from './critical-path.ts';

describe('readPrecacheManifest', () => {
  it('cuts the injected array out of minified code, brackets and quotes inside strings included', () => {
    const entries = [
      { revision: 'abc', url: 'index.html' },
      { revision: null, url: 'assets/a]b}[{-"x".js' },
    ];
    const sw = `var a=[1,2];G(${JSON.stringify(entries)}),H();function x(){return[{}]}`;
    expect(readPrecacheManifest(sw)).toEqual(entries);
  });

  it('accepts entries that start with the url key', () => {
    expect(readPrecacheManifest('p([{"url":"a.js","revision":null}]);')).toEqual([{ url: 'a.js', revision: null }]);
  });

  it('refuses a worker without an injected manifest', () => {
    expect(() => readPrecacheManifest('precacheAndRoute(self.__WB_MANIFEST)')).toThrow(/no injected precache manifest/);
  });

  it('refuses a manifest cut short', () => {
    expect(() => readPrecacheManifest('p([{"url":"a.js","revision":null}')).toThrow(/not closed/);
  });
});

describe('checkBudgets', () => {
  const within: BuildFigures = {
    initialJsGzip: BUDGETS.initialJsGzip,
    initialCssGzip: BUDGETS.initialCssGzip,
    criticalPath: {
      language: 'vi',
      gzip: BUDGETS.criticalPathGzip,
      files: [
        { file: 'assets/index.js', reason: 'entry', via: 'index.html', gzip: BUDGETS.criticalPathGzip - 1_000 },
        { file: 'assets/SignedInApp.js', reason: 'awaited', via: 'src/app/SignedInApp.tsx', gzip: 1_000 },
      ],
    },
    precache: [
      { file: 'index.html', bytes: 2_000 },
      { file: 'assets/index.js', bytes: BUDGETS.precacheBytes - 2_000 },
    ],
    notPrecached: [],
    withoutCompileHint: [],
    compressedCopyProblems: [],
    lazyParts: [{ source: 'src/push/firebase-adapter.ts', file: 'assets/firebase-adapter.js', gzip: BUDGETS.lazyParts[0].gzip }],
  };

  it('passes figures exactly at the budgets and prints each figure and the largest file', () => {
    const report = checkBudgets(within);
    expect(report.failures).toEqual([]);
    expect(report.lines.join('\n')).toMatch(/initial JS \(gzip\) +200\.0 KB +\(budget 200\.0 KB\)\n/);
    expect(report.lines.join('\n')).toMatch(/precache \(2 files\) +2\.00 MB/);
    expect(report.lines.join('\n')).toMatch(/critical path \(gzip\) +160\.0 KB +\(budget 160\.0 KB\)  signed-in start in 'vi', 2 files/);
    expect(report.lines.join('\n')).toMatch(/push \(Firebase\) \(lazy\) +20\.0 KB +\(budget 20\.0 KB\)  assets\/firebase-adapter\.js/);
    expect(report.lines.at(-1)).toMatch(/precached file +1\.91 MiB .* assets\/index\.js$/);
  });

  it('counts the scanner’s decoder against its own budget, beside the app’s files', () => {
    const precache = [...within.precache, { file: 'assets/zxing_reader.wasm', bytes: BUDGETS.decoderBytes }];
    const report = checkBudgets({ ...within, precache });
    expect(report.failures).toEqual([]);
    expect(report.lines.join('\n')).toMatch(/precache \(3 files\) +2\.00 MB .*without the decoder:\ndecoder \(wasm\) +1\.20 MB +\(budget 1\.20 MB\)/);
    const over = checkBudgets({ ...within, precache: [...within.precache, { file: 'assets/zxing_reader.wasm', bytes: BUDGETS.decoderBytes + 1 }] });
    expect(over.failures).toEqual([expect.stringMatching(/^decoder \(wasm\) .*OVER BUDGET/)]);
  });

  it('fails a lazy part one byte over its budget, and one the build lacks', () => {
    const over = checkBudgets({ ...within, lazyParts: [{ ...within.lazyParts[0]!, gzip: BUDGETS.lazyParts[0].gzip + 1 }] });
    expect(over.failures).toEqual([expect.stringMatching(/^push \(Firebase\) \(lazy\) .*OVER BUDGET/)]);
    const missing = checkBudgets({ ...within, lazyParts: [] });
    expect(missing.failures).toEqual(['no chunk for push (Firebase): src/push/firebase-adapter.ts is not in the build\'s manifest']);
  });

  it('flags no file of exactly 2 MiB (here only the total is over)', () => {
    const report = checkBudgets({ ...within, precache: [{ file: 'assets/index.js', bytes: BUDGETS.precachedFileBytes }] });
    expect(report.failures).toEqual([expect.stringMatching(/^precache \(1 files\)/)]);
  });

  it('lists the critical path largest first, with why each file is on it', () => {
    const lines = checkBudgets(within).lines;
    const at = lines.findIndex((text) => text.startsWith('critical path'));
    expect(lines[at + 1]).toMatch(/^ +159\.0 KB  entry +assets\/index\.js$/);
    expect(lines[at + 2]).toMatch(/^ +1\.0 KB  awaited +assets\/SignedInApp\.js  \(src\/app\/SignedInApp\.tsx\)$/);
  });

  it('fails each budget by one byte over', () => {
    const report = checkBudgets({
      initialJsGzip: BUDGETS.initialJsGzip + 1,
      initialCssGzip: BUDGETS.initialCssGzip + 1,
      criticalPath: { ...within.criticalPath, gzip: BUDGETS.criticalPathGzip + 1 },
      precache: [
        { file: 'assets/big.js', bytes: BUDGETS.precachedFileBytes + 1 },
        { file: 'assets/small.js', bytes: 10 },
      ],
      notPrecached: [],
      withoutCompileHint: [],
      compressedCopyProblems: [],
      lazyParts: within.lazyParts,
    });
    expect(report.failures).toHaveLength(5);
    expect(report.failures[0]).toMatch(/^initial JS/);
    expect(report.failures[1]).toMatch(/^initial CSS/);
    expect(report.failures[2]).toMatch(/^critical path \(gzip\) +160\.0 KB .*OVER BUDGET/);
    expect(report.failures[3]).toMatch(/^precache \(2 files\)/);
    expect(report.failures[4]).toMatch(/^precached file .*OVER BUDGET  assets\/big\.js$/);
  });

  it('lists every oversized file, not only the largest', () => {
    const big = BUDGETS.precachedFileBytes + 1;
    const report = checkBudgets({ ...within, precache: [{ file: 'a.js', bytes: big }, { file: 'b.js', bytes: big + 1 }] });
    expect(report.failures.filter((text) => text.startsWith('precached file'))).toEqual([expect.stringMatching(/b\.js$/), expect.stringMatching(/a\.js$/)]);
  });

  it('fails on built files the precache lacks', () => {
    const report = checkBudgets({ ...within, notPrecached: ['assets/huge.js'] });
    expect(report.failures).toEqual([expect.stringMatching(/^not precached: assets\/huge\.js/)]);
  });

  it('fails on a compressed copy that is missing or not its file', () => {
    const report = checkBudgets({ ...within, compressedCopyProblems: ['assets/index.js.gz is not assets/index.js (made before the file changed)'] });
    expect(report.failures).toEqual([expect.stringMatching(/^compressed copy: assets\/index\.js\.gz is not assets\/index\.js/)]);
  });

  it("fails on a critical path's script without the compile hint", () => {
    const report = checkBudgets({ ...within, withoutCompileHint: ['assets/SignedInApp.js'] });
    expect(report.failures).toEqual([expect.stringMatching(/^no compile hint: assets\/SignedInApp\.js .*\/\/# allFunctionsCalledOnLoad/)]);
  });
});

describe('measureBuild', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function build(precached: string[]) {
    dir = mkdtempSync(join(tmpdir(), 'budget-'));
    mkdirSync(join(dir, '.vite'));
    mkdirSync(join(dir, 'assets'));
    const files: Record<string, string> = {
      'index.html': '<!doctype html>',
      'assets/index.js': 'import "./dep.js";'.repeat(50),
      'assets/dep.js': 'export const a = 1;',
      'assets/lazy.js': 'export const b = 2;',
      'assets/index.css': 'body{margin:0}',
      'manifest.webmanifest': '{}',
    };
    for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
    const manifest: Record<string, object> = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_dep.js'], dynamicImports: ['lazy.ts'], css: ['assets/index.css'] },
      '_dep.js': { file: 'assets/dep.js' },
      'lazy.ts': { file: 'assets/lazy.js' },
    };
    // The start path's chunks (each language's translations, the workbox-window chunk), precached.
    const startKeys = [...AWAITED_AT_START.flatMap(({ key }) => ['vi', 'en'].map((language) => key.replace('{language}', language))), 'node_modules/workbox-window/build/workbox-window.prod.es5.mjs'];
    const startFiles = [...new Set(startKeys)].map((key, index) => {
      const file = `assets/start-${index}.js`;
      // A source path is its own key; a group chunk's name (the translations) is found in `_<name>-<hash>.js`.
      if (key.includes('/')) manifest[key] = { file, isDynamicEntry: true };
      else manifest[`_${key}-H4sh.js`] = { file, name: key };
      // The English translations are the larger ones here.
      const text = key.endsWith('-en') ? Array.from({ length: 300 }, (_, i) => `export const e${i} = ${(i * 7919) % 1000};`).join('\n') : `export const start = ${index};`;
      writeFileSync(join(dir, file), text);
      return file;
    });
    writeFileSync(join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    writeFileSync(join(dir, 'sw.js'), `x(${JSON.stringify([...precached, ...startFiles].map((url) => ({ revision: null, url })))});`);
    return files;
  }

  it('sizes the precache from the files on disk and counts only static imports as initial', () => {
    const files = build(['index.html', 'assets/index.js', 'assets/dep.js', 'assets/lazy.js', 'assets/index.css', 'manifest.webmanifest']);
    const figures = measureBuild(dir);
    expect(figures.precache.find((entry) => entry.file === 'assets/index.js')?.bytes).toBe(files['assets/index.js']?.length);
    expect(figures.notPrecached).toEqual([]);
    expect(figures.initialJsGzip).toBeGreaterThan(0);
    expect(figures.initialCssGzip).toBeGreaterThan(0);
  });

  it('budgets the critical path of the start language whose path is the larger', () => {
    build(['index.html', 'assets/index.js', 'assets/dep.js', 'assets/lazy.js', 'assets/index.css']);
    const { criticalPath } = measureBuild(dir);
    expect(criticalPath.language).toBe('en');
    expect(criticalPath.files.map((entry) => entry.file)).toContain('assets/index.css');
    expect(criticalPath.files.map((entry) => entry.file)).not.toContain('assets/lazy.js');
    expect(criticalPath.gzip).toBe(criticalPath.files.reduce((sum, entry) => sum + entry.gzip, 0));
  });

  it('counts the boot step index.html runs first in the initial JS and first on the critical path', () => {
    build(['index.html', 'assets/index.js', 'assets/dep.js', 'assets/lazy.js', 'assets/index.css', 'assets/frame-first-abc123.js']);
    writeFileSync(join(dir, 'assets/frame-first-abc123.js'), 'try{}finally{}');
    writeFileSync(join(dir, 'index.html'), '<body><div id="root"></div><script src="/assets/frame-first-abc123.js"></script></body>');
    const figures = measureBuild(dir);
    expect(figures.criticalPath.files[0]).toMatchObject({ file: 'assets/frame-first-abc123.js', reason: 'boot', via: 'index.html' });
    expect(bootStepFile(dir)).toBe('assets/frame-first-abc123.js');
    expect(measureInitialBundle(dir).js.map((entry) => entry.file)).toContain('assets/frame-first-abc123.js');
  });

  it("lists the app's scripts of either language's critical path that do not start with the compile hint", () => {
    build(['index.html', 'assets/index.js', 'assets/dep.js', 'assets/lazy.js', 'assets/index.css', 'assets/frame-first-abc123.js']);
    writeFileSync(join(dir, 'assets/frame-first-abc123.js'), 'try{}finally{}');
    writeFileSync(join(dir, 'index.html'), '<body><script src="/assets/frame-first-abc123.js"></script></body>');
    const manifest = readManifest(dir);
    const hinted = [manifest['index.html']!.file, ...criticalPath(manifest, 'vi').filter((entry) => entry.reason === 'awaited').map((entry) => entry.file)];
    for (const file of hinted) writeFileSync(join(dir, file), `${COMPILE_HINT}\nexport const hinted = 1;`);
    // The entry's dependency and the English translations (only on the English path) lack it; the
    // boot step, the stylesheet and the lazy chunk are not asked to have it.
    expect(measureBuild(dir).withoutCompileHint.sort()).toEqual(['assets/dep.js', expect.stringMatching(/^assets\/start-\d+\.js$/)]);
  });

  it("sizes the critical path's files as sent: a file's gzip copy when it has one, and checks the copies", async () => {
    build(['index.html', 'assets/index.js', 'assets/dep.js', 'assets/lazy.js', 'assets/index.css']);
    const before = measureBuild(dir);
    expect(before.compressedCopyProblems).toContain('assets/index.js.gz is missing');
    expect(before.compressedCopyProblems).toContain('index.html.br is missing');
    await writeCompressedCopies(dir);
    const after = measureBuild(dir);
    expect(after.compressedCopyProblems).toEqual([]);
    const translations = after.criticalPath.files.find((entry) => entry.file.startsWith('assets/start-') && entry.gzip > 1_000);
    expect(translations?.gzip).toBe(readFileSync(join(dir, `${translations?.file}.gz`)).length);
  });

  it('reports built files missing from the precache', () => {
    build(['index.html', 'assets/index.js', 'assets/dep.js', 'assets/index.css']);
    expect(measureBuild(dir).notPrecached).toEqual(['assets/lazy.js']);
  });

  it('refuses a precache entry that is not on disk', () => {
    build(['index.html', 'assets/gone.js']);
    expect(() => measureBuild(dir)).toThrow(/assets\/gone\.js/);
  });
});
