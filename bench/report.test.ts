import { describe, expect, it } from 'vitest';
import { formatHandheldTable, formatTable, type Figures } from './report.ts';

const figures = (overrides: Partial<Figures> = {}): Figures => ({
  cold: 900,
  warm: 800,
  offline: 300,
  again: 700,
  search: 20,
  navigate: 150,
  navigateRequest: 30,
  back: 16,
  backReloads: 0,
  heap: 50 * 1024 * 1024,
  frames: 5,
  coldFrameRequest: 700,
  warmFrameRequest: 400,
  coldFramePaint: 900,
  warmFramePaint: 500,
  criticalPathBytes: 150 * 1024,
  coldRequests: 14,
  warmTokenRequests: 0,
  ...overrides,
});

const row = (table: string, label: string) => table.split('\n').find((line) => line.startsWith(`| ${label}`));

describe('formatHandheldTable', () => {
  const table = formatHandheldTable({
    portal: figures(),
    luigi: figures({ warm: 1600, offline: null, criticalPathBytes: 300 * 1024, coldRequests: 39, navigateRequest: 60 }),
    runs: 3,
    routes: 5,
    machine: '2 cores',
    device: 'a phone',
  });

  it('names the device and the runs, and holds the starts, the new route and the start frame side by side', () => {
    expect(table.split('\n')[0]).toBe('Handheld: medians of 3 runs (a phone; 2 cores).');
    expect(row(table, 'Cold start')).toBe('| Cold start to interactive shell | 900 ms | 900 ms | 1.00× |  |  |  |');
    expect(row(table, 'Warm start offline')).toContain('| n/a (no service worker) |');
    expect(row(table, 'Navigation to a new frame route')).toContain('5 routes) | 150 ms | 150 ms |');
    expect(row(table, '… of which click to the new frame’s request')).toContain('| 30 ms | 60 ms | 0.50× |');
    expect(row(table, 'Start frame requested, cold start')).toContain('| 700 ms |');
    expect(row(table, 'Start frame requested, warm start')).toContain('| 400 ms |');
    expect(row(table, 'Start frame’s first paint, cold start')).toContain('| 900 ms |');
    expect(row(table, 'Start frame’s first paint, warm start')).toContain('| 500 ms |');
  });

  it('compares each shell’s repeat start online with its own offline repeat start, and counts its token requests', () => {
    expect(row(table, 'Repeat start online ÷')).toBe('| Repeat start online ÷ the same shell’s offline repeat start | 2.67× | n/a (no offline start) | – | ≤ 1.1× | fail | fail |');
    expect(row(table, 'Token requests per repeat start')).toBe('| Token requests per repeat start (valid access token) | 0.0 | 0.0 | – | 0 | pass | pass |');
  });

  it("holds both shells' later warm start, with its code cache made", () => {
    expect(row(table, 'Warm start again')).toBe('| Warm start again, online (code cache made by the first warm start) | 700 ms | 700 ms | 1.00× |  |  |  |');
  });

  it('judges the warm start against 1 s and the bytes before the start frame against the 160 KB limit', () => {
    expect(row(table, 'Warm start to interactive shell')).toMatch(/\| ≤ 1\.0 s \| pass \| fail \|$/);
    expect(row(table, 'JS + CSS requested before the start frame')).toMatch(/\| 150\.0 KB \| 300\.0 KB \| 0\.50× \| ≤ 160 KB \| pass \| fail \|$/);
  });

  it('counts the requests before the interactive shell of a cold start against 15', () => {
    expect(row(table, 'Requests before the interactive shell, cold start')).toBe('| Requests before the interactive shell, cold start | 14 | 39 | 0.36× | ≤ 15 | pass | fail |');
  });
});

describe('formatTable', () => {
  it('adds the navigation’s own part, the start frame and both critical-path figures to the desktop table', () => {
    const table = formatTable({
      portal: figures(),
      luigi: figures(),
      sizes: { portal: { js: 1, css: 1, precache: 1, criticalPath: 170 * 1024 }, luigi: { js: 1, css: 1, precache: null, criticalPath: null } },
      runs: 5,
      routes: 20,
      machine: '2 cores',
      device: 'a desktop',
    });
    expect(table.split('\n')[0]).toBe('Desktop: medians of 5 runs (a desktop; 2 cores).');
    expect(row(table, '… of which click to the new frame’s request')).toContain('| 30 ms | 30 ms | 1.00× |');
    expect(row(table, 'Start frame requested, cold start')).toContain('| 700 ms | 700 ms |');
    expect(row(table, 'Start frame’s first paint, warm start')).toContain('| 500 ms | 500 ms | 1.00× |');
    expect(row(table, 'Critical path JS + CSS (npm run budget')).toMatch(/\| 170\.0 KB \| n\/a \| – \| ≤ 160 KB \| fail \| fail \|$/);
  });
});
