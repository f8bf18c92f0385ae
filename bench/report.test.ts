import { describe, expect, it } from 'vitest';
import { formatCpuTargets, formatFrameHeaps, formatHandheldTable, formatTable, type Figures } from './report.ts';

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
  moveCold: 1000,
  moveSameApp: 1000,
  moveWarm: 1000,
  moveColdNoWarm: null,
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
    expect(row(table, 'Navigation along the menu walk')).toContain('5 routes) | 150 ms | 150 ms |');
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

describe('the moves of issue 56', () => {
  const portal = figures({ moveCold: 1040, moveColdNoWarm: 1000, moveSameApp: 250, moveWarm: 450 });
  const luigi = figures({ moveCold: 1000, moveSameApp: 1000, moveWarm: 1000 });

  it('judges the portal against Luigi’s same taps: another route of the open app ≤ 0.3×, a warm app’s entry ≤ 0.4×', () => {
    const table = formatHandheldTable({ portal, luigi, runs: 1, routes: 5, machine: '2 cores', device: 'a phone' });
    expect(row(table, 'Move to another route of the open app')).toBe('| Move to another route of the open app (portal: in place) | 250 ms | 1000 ms | 0.25× | ≤ 0.3× Luigi | pass |  |');
    expect(row(table, 'Move to the entry of a warm app')).toBe('| Move to the entry of a warm app (portal: its warm frame) | 450 ms | 1000 ms | 0.45× | ≤ 0.4× Luigi | fail |  |');
  });

  it('on the handheld, a cold app against the same tap with no warm frame (≤ 1.05×); on the desktop against Luigi (≤ 1.0×)', () => {
    const handheld = formatHandheldTable({ portal, luigi, runs: 1, routes: 5, machine: '2 cores', device: 'a phone' });
    expect(row(handheld, 'Move to a cold app (click')).toBe('| Move to a cold app (click to its page painted) | 1040 ms | 1000 ms | 1.04× |  |  |  |');
    expect(row(handheld, '… the same tap with no warm frame')).toBe('| … the same tap with no warm frame (as before issue 56) | 1000 ms | n/a | – |  |  |  |');
    expect(row(handheld, 'Move to a cold app ÷')).toBe('| Move to a cold app ÷ the same tap with no warm frame | 1.04× | n/a | – | ≤ 1.05× | pass |  |');
    const desktop = formatTable({
      portal,
      luigi,
      sizes: { portal: { js: 1, css: 1, precache: 1, criticalPath: 1 }, luigi: { js: 1, css: 1, precache: null, criticalPath: null } },
      runs: 1,
      routes: 20,
      machine: '2 cores',
      device: 'a desktop',
    });
    expect(row(desktop, 'Move to a cold app (click')).toMatch(/\| 1\.04× \| ≤ 1\.0× Luigi \| fail \|  \|$/);
    expect(row(desktop, 'Move to a cold app ÷')).toBeUndefined();
    // The issue sets the other two moves' targets on the handheld profile only.
    expect(row(desktop, 'Move to another route of the open app')).toBe('| Move to another route of the open app (portal: in place) | 250 ms | 1000 ms | 0.25× |  |  |  |');
    expect(row(desktop, 'Move to the entry of a warm app')).toBe('| Move to the entry of a warm app (portal: its warm frame) | 450 ms | 1000 ms | 0.45× |  |  |  |');
  });

  it('a missing figure fails its ratio target', () => {
    const table = formatHandheldTable({ portal: figures({ moveWarm: null }), luigi, runs: 1, routes: 5, machine: '2 cores', device: 'a phone' });
    expect(row(table, 'Move to the entry of a warm app')).toMatch(/\| fail \|  \|$/);
  });
});

describe('formatFrameHeaps', () => {
  const MB = 1024 * 1024;
  it('prints each frame’s heap, the total, and the frames alive against the one budget of kept and warm frames', () => {
    const heaps = [
      { name: 'shell', shown: true, bytes: 10 * MB },
      { name: 'erp /', shown: false, bytes: 2 * MB },
      { name: 'crm /customers', shown: true, bytes: 3 * MB },
      { name: 'pos /dpos/orders', shown: false, bytes: null },
    ];
    const lines = formatFrameHeaps('Portal', heaps, { frames: 3, warm: 2 }).split('\n');
    expect(lines).toContain('| erp / | no (kept or warm) | 2.0 MB |');
    expect(lines).toContain('| pos /dpos/orders | no (kept or warm) | in the shell’s process |');
    expect(lines).toContain('| Total | | 15.0 MB |');
    expect(lines).toContain('| Frames alive | 3 (budget: 3 kept and warm, of them at most 2 warm) pass | |');
    expect(formatFrameHeaps('Portal', [...heaps, { name: 'x /', shown: false, bytes: 1 }], { frames: 3, warm: 2 })).toContain('| Frames alive | 4 (budget: 3 kept and warm, of them at most 2 warm) fail | |');
    expect(formatFrameHeaps('Luigi', heaps, null)).toContain('| Frames alive | 3 | |');
  });
});

describe('formatCpuTargets', () => {
  const table = formatCpuTargets({
    desktop: { portal: figures({ navigate: 110 }), luigi: figures({ navigate: 100 }) },
    handheld: { portal: figures({ cold: 2000, warm: 1500, navigate: 200, back: 40 }), luigi: figures({ warm: 3000, navigate: 300, back: 280 }) },
    runs: 5,
    machine: '2 cores, load 1.0',
    device: 'a phone, CPU 4×',
  });

  it('judges the repeat start against the portal’s own first start and against Luigi', () => {
    expect(table.split('\n')[0]).toBe("Issue 57's targets: medians of 5 runs (a phone, CPU 4×; the desktop's navigation from its own table; 2 cores, load 1.0).");
    expect(row(table, 'Repeat start to the interactive shell (handheld) ÷ the portal’s own')).toBe('| Repeat start to the interactive shell (handheld) ÷ the portal’s own first start | 1500 ms | 3000 ms | 0.50× | ≤ 1.0× own first start | 0.75× | pass |');
    expect(row(table, 'Repeat start to the interactive shell (handheld) ÷ Luigi')).toContain('| ≤ 0.6× Luigi | 0.50× | pass |');
  });

  it('judges a menu tap against Luigi on each profile, and prints back beside them', () => {
    expect(row(table, 'Menu tap to the new frame ready (handheld)')).toContain('| 200 ms | 300 ms | 0.67× | ≤ 0.8× Luigi | 0.67× | pass |');
    expect(row(table, 'Menu tap to the new frame ready (desktop)')).toContain('| 110 ms | 100 ms | 1.10× | ≤ 1.0× Luigi | 1.10× | fail |');
    expect(row(table, 'Back (handheld)')).toBe('| Back (handheld) | 40 ms | 280 ms | 0.14× |  |  |  |');
  });
});
