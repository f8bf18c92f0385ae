import { describe, expect, it } from 'vitest';
import { formatLighthouse, type LighthouseResult } from './lighthouse-report.ts';

function result(origin: string, figures: { performance: number; tbt: number; tasks: { url: string; duration: number; startTime: number }[] }): LighthouseResult {
  const metric = (title: string, value: number, display: string) => ({ title, score: 0.5, numericValue: value, displayValue: display });
  return {
    lighthouseVersion: '13.5.0',
    finalDisplayedUrl: `${origin}/`,
    categories: {
      performance: { title: 'Performance', score: figures.performance / 100, auditRefs: [{ id: 'total-blocking-time', weight: 30 }] },
    },
    audits: {
      'first-contentful-paint': metric('First Contentful Paint', 2000, '2.0 s'),
      'largest-contentful-paint': metric('Largest Contentful Paint', 2500, '2.5 s'),
      'speed-index': metric('Speed Index', 3000, '3.0 s'),
      interactive: metric('Time to Interactive', 4000, '4.0 s'),
      'total-blocking-time': metric('Total Blocking Time', figures.tbt, `${figures.tbt} ms`),
      'cumulative-layout-shift': { ...metric('Cumulative Layout Shift', 0.01, '0.01'), details: { items: [{ cumulativeLayoutShiftMainFrame: 0 }] } },
      'long-tasks': { title: 'Long tasks', score: null, details: { items: figures.tasks } },
    },
  };
}

describe('formatLighthouse', () => {
  const portal = result('http://portal.localhost:1', { performance: 68, tbt: 1900, tasks: [{ url: 'http://portal.localhost:1/assets/start-85U0Zpia.js', duration: 373, startTime: 2100 }] });
  const luigi = result('http://luigi.portal.localhost:2', { performance: 85, tbt: 31, tasks: [{ url: 'http://luigi.portal.localhost:2/luigi.js', duration: 81, startTime: 3000 }] });
  const text = formatLighthouse(
    {
      portal: { all: [result('http://portal.localhost:1', { performance: 74, tbt: 1002, tasks: [] }), portal, result('http://portal.localhost:1', { performance: 62, tbt: 1788, tasks: [] })], median: portal },
      luigi: { all: [luigi], median: luigi },
    },
    'both shells',
  );
  const row = (label: string) => text.split('\n').find((line) => line.startsWith(`| ${label} |`));

  it('says how many runs each shell had and that the table is of their median runs', () => {
    expect(text.split('\n')[0]).toContain("3 runs of the portal and 1 of Luigi in turn, each shell's median run");
  });

  it('lists the performance score and blocking time of every run under the median runs, in run order', () => {
    expect(row('Performance, every run')).toBe('| Performance, every run | 74, 68, 62 | 85 | |');
    expect(row('Total Blocking Time (ms), every run')).toBe('| Total Blocking Time (ms), every run | 1002, 1900, 1788 | 31 | |');
  });

  it('prints both shells side by side, with the ratio of each metric', () => {
    expect(row('Performance')).toBe('| Performance | 68 | 85 | |');
    expect(row('Total Blocking Time')).toBe('| Total Blocking Time | 1900 ms | 31 ms | 61.29× |');
    expect(row('First Contentful Paint')).toBe('| First Contentful Paint | 2.0 s | 2.0 s | 1.00× |');
    expect(row("of which the shell's own layout shift")).toBe("| of which the shell's own layout shift | 0.000 | 0.000 | |");
  });

  it("lists each shell's long tasks by script, and what keeps its score down", () => {
    expect(text).toContain('Staff Portal, median run (http://portal.localhost:1/): 1 long tasks (simulated)\n    -  373 ms at  2100 ms: start.js');
    expect(text).toContain('SAP Luigi, median run (http://luigi.portal.localhost:2/): 1 long tasks (simulated)\n    -   81 ms at  3000 ms: luigi.js');
    expect(text).toContain('  Performance:\n    - Total Blocking Time (1900 ms)');
  });
});
