import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { LAYERS } from './layers.js';

const root = join(import.meta.dirname, '..');
const src = join(root, 'src');
const isTestFile = (path: string) => /\.test\.tsx?$|test-support\.ts$|testing\.ts$|test-setup\.ts$/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !isTestFile(path) ? [path] : [];
  });
}

/** The folder (first level under src/) of a file, or null for src/main.tsx and files outside src/. */
const folderOf = (path: string): string | null => {
  const parts = relative(src, path).split('/');
  return parts.length > 1 && parts[0] !== '..' ? (parts[0] ?? null) : null;
};

/** Folder → the folders its non-test files import (static and dynamic), and who imports app/. */
function folderGraph() {
  const edges = new Map<string, Set<string>>();
  const appImporters: string[] = [];
  for (const file of sourceFiles(src)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = normalize(join(dirname(file), match[1] ?? ''));
      const [from, to] = [folderOf(file), folderOf(target)];
      if (to === 'app' && from !== 'app' && relative(src, file) !== 'main.tsx') appImporters.push(relative(root, file));
      if (!from || !to || from === to) continue;
      edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return { edges, appImporters };
}

/** File → the files it imports: static, type-only and dynamic imports alike. */
function fileGraph(): Map<string, string[]> {
  const files = sourceFiles(src);
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(/(?:from\s+|import\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g)]
        .map((match) => normalize(join(dirname(file), match[1] ?? '')))
        .filter((target) => known.has(target));
      return [file, [...new Set(targets)]];
    }),
  );
}

/** Every circle of imports in a graph, each as the files around it (depth-first search). */
function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe('the layers of src/', () => {
  const { edges, appImporters } = folderGraph();

  it('places every folder of src/ on a floor', () => {
    const folders = readdirSync(src).filter((name) => statSync(join(src, name)).isDirectory() && name !== 'theme');
    expect(folders.filter((folder) => !LAYERS.flat().includes(folder))).toEqual([]);
  });

  it('has no import of src/app outside src/main.tsx', () => {
    expect(appImporters).toEqual([]);
  });

  it('has no folder-level import cycle: every import goes to a lower floor', () => {
    const floor = new Map(LAYERS.flatMap((folders, index) => folders.map((folder) => [folder, index] as const)));
    const upward = [...edges].flatMap(([from, targets]) => [...targets].filter((to) => (floor.get(to) ?? -1) >= (floor.get(from) ?? -1)).map((to) => `${from} → ${to}`));
    expect(upward).toEqual([]);
  });
});

describe('the imports between files of src/', () => {
  it('find a circle, type-only and dynamic imports included', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
    expect(importCircles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('form no circle anywhere (import type and import() count: a circle of files is one module in two places)', () => {
    const circles = importCircles(fileGraph()).map((circle) => circle.map((file) => relative(src, file)).join(' → '));
    expect(circles).toEqual([]);
  });
});

describe('the lint guards of the layers', () => {
  const eslint = new ESLint({ cwd: root });
  const problems = async (file: string, code: string) =>
    (await eslint.lintText(code, { filePath: join(root, file) })).flatMap((result) => result.messages.map((message) => message.ruleId));

  it.each([
    ['an upward import (config → app)', 'src/config/probe.ts', "import { boot } from '../app/boot.tsx';\nexport const probe = boot;\n"],
    ['an upward import (gating → navigation)', 'src/gating/probe.ts', "import { frameTargetFor } from '../navigation/frame-spec.ts';\nexport const probe = frameTargetFor;\n"],
    ['an import within a floor (session → frames)', 'src/session/probe.ts', "import { editing } from '../frames/editing.ts';\nexport const probe = editing;\n"],
  ])('fail on %s', async (_name, file, code) => {
    expect(await problems(file, code)).toContain('import-x/no-restricted-paths');
  }, 30_000);

  it('fail on an import into the start that goes around its public entry', async () => {
    expect(await problems('src/shell/probe.ts', "import { StartFlow } from '../start/start-flow.ts';\nexport const probe = StartFlow;\n")).toContain('import-x/no-restricted-paths');
    expect(await problems('src/main.tsx', "import { runBootStep } from './start/frame-first/boot-step.ts';\nexport const probe = runBootStep;\n")).toContain('import-x/no-restricted-paths');
  }, 30_000);

  it('let an import through the start’s public entry pass', async () => {
    expect(await problems('src/shell/probe.ts', "import { StartFlow } from '../start/index.ts';\nexport const probe = StartFlow;\n")).toEqual([]);
  }, 30_000);

  it('let a downward import through', async () => {
    expect(await problems('src/navigation/probe.ts', "import { explain } from '../gating/explain.ts';\nexport const probe = explain;\n")).toEqual([]);
  }, 30_000);
});

describe('the hook rules', () => {
  it('are never switched off in src/ (no disabled hook lint; read what changes with useEffectEvent instead)', () => {
    const disabled = sourceFiles(src).filter((file) => /eslint-disable[^\n]*react-hooks\//.test(readFileSync(file, 'utf8')));
    expect(disabled.map((file) => relative(root, file))).toEqual([]);
  });
});
