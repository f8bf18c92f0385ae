import { describe, expect, it } from 'vitest';
import { blockingTime, chunkNames, formatLongTasks, formatLongTaskSummary, longTasksOf, type LongTask, type TraceEvent } from './long-tasks.ts';

const SHELL = 'http://portal.localhost:4000';
const APP = 'http://erp.portal.localhost:4200/';
const PID = 7;
const MAIN = 7;

/** A complete event on the shell's main thread; times in milliseconds from the trace's zero. */
const span = (name: string, at: number, ms: number, args?: Record<string, unknown>, tid = MAIN): TraceEvent => ({
  name,
  cat: 'devtools.timeline',
  ph: 'X',
  ts: at * 1000,
  dur: ms * 1000,
  // The thread ran half the time (another process had the core the rest).
  tdur: ms * 500,
  pid: PID,
  tid,
  args,
});

const posted = (at: number, ms: number, from: string) => span('ThreadControllerImpl::RunTask', at, ms, { src_func: from });

/** CPU samples every millisecond from `from` for `count` ms, each in the script at `url` (null: native). */
function profile(runs: { from: number; count: number; url: string | null }[]): TraceEvent[] {
  const nodes = [
    { id: 1, callFrame: { functionName: '(root)' } },
    { id: 2, parent: 1, callFrame: { functionName: '(program)' } },
    { id: 3, parent: 1, callFrame: { functionName: 'a', url: `${SHELL}/assets/start-AbCdEf12.js` } },
    { id: 4, parent: 3, callFrame: { functionName: 'createElement' } }, // native, called by the start chunk
    { id: 5, parent: 1, callFrame: { functionName: 'b', url: `${SHELL}/assets/SignedInApp-Zz9_xY-1.js` } },
  ];
  const nodeOf = (url: string | null) => (url === null ? 2 : url.includes('start') ? 4 : 5);
  const samples: number[] = [];
  const timeDeltas: number[] = [];
  let last = 0;
  for (const run of runs) {
    for (let i = 0; i < run.count; i++) {
      samples.push(nodeOf(run.url));
      timeDeltas.push((run.from + i + 0.5) * 1000 - last);
      last = (run.from + i + 0.5) * 1000;
    }
  }
  return [
    { name: 'Profile', cat: 'v8', ph: 'P', ts: 0, pid: PID, tid: MAIN, id: '0x1', args: { data: { startTime: 0 } } },
    { name: 'ProfileChunk', cat: 'v8', ph: 'P', ts: 0, pid: PID, tid: 99, id: '0x1', args: { data: { cpuProfile: { nodes, samples }, timeDeltas } } },
  ];
}

const trace: TraceEvent[] = [
  // An earlier page of the same shell (a reopened tab): not the one measured.
  span('navigationStart', 0, 0, { data: { documentLoaderURL: `${SHELL}/`, isOutermostMainFrame: true } }, 3),
  span('navigationStart', 100, 0, { data: { documentLoaderURL: `${SHELL}/`, isOutermostMainFrame: true } }),
  span('CommitLoad', 101, 0, { data: { frame: 'SHELL', url: `${SHELL}/` } }),
  span('CommitLoad', 150, 0, { data: { frame: 'APP', url: APP } }),
  // Before the navigation: left out.
  span('RunTask', 20, 80),
  // The entry's module evaluation, 120 ms: 80 ms of script (60 start, 20 SignedInApp) and a forced style recalc of 30 ms.
  span('RunTask', 200, 120),
  posted(200, 120, 'PendingScriptFinished'),
  span('v8.evaluateModule', 202, 110),
  span('UpdateLayoutTree', 270, 30, { beginData: { frame: 'SHELL' } }),
  ...profile([
    { from: 202, count: 60, url: `${SHELL}/assets/start.js` },
    { from: 262, count: 8, url: `${SHELL}/assets/SignedInApp.js` },
    { from: 270, count: 30, url: null },
    { from: 300, count: 12, url: `${SHELL}/assets/SignedInApp.js` },
  ]),
  // Short: left out.
  span('RunTask', 400, 30),
  span('FunctionCall', 400, 29, { data: { url: `${SHELL}/assets/start.js` } }),
  // The embedded page's rendering, 70 ms, in the same thread.
  span('RunTask', 500, 70),
  posted(500, 70, 'ScheduledActionSendBeginMainFrame'),
  span('UpdateLayoutTree', 501, 40, { beginData: { frame: 'APP' } }),
  span('Paint', 545, 20, { data: { frame: 'APP' } }),
  // An idle callback of the shell, with no samples in it: named by the event's script.
  span('RunTask', 600, 60),
  span('FireIdleCallback', 600, 59, { data: { frame: 'SHELL' } }),
  span('FunctionCall', 600, 58, { data: { url: `${SHELL}/assets/frame-first-write-12345678.js` } }),
  // Playwright's own script.
  span('RunTask', 700, 55),
  span('EvaluateScript', 700, 55, {}),
  // Another thread (another process's page): left out.
  span('RunTask', 300, 200, undefined, 3),
];

describe('longTasksOf', () => {
  const tasks = longTasksOf(trace, { origin: SHELL, scriptName: chunkNames(SHELL) });

  it('lists the tasks of 50 ms or more of the shell page thread from its navigation on, timed from it', () => {
    expect(tasks.map((task) => [task.start, task.duration, task.cpu])).toEqual([
      [100, 120, 60],
      [400, 70, 35],
      [500, 60, 30],
      [600, 55, 27.5],
    ]);
  });

  it('names how each ran, whose it was and what its time went to', () => {
    expect(tasks.map(({ owner, kind }) => [owner, kind])).toEqual([
      ['shell', 'module evaluation'],
      ['embedded page erp', 'rendering'],
      ['shell', 'idle callback'],
      ['benchmark', 'DevTools script'],
    ]);
    const shares = (task: LongTask | undefined) => Object.fromEntries((task?.shares ?? []).map((share) => [share.what, Math.round(share.ms)]));
    // 80 ms of script split 60:20 by the samples outside the style recalc; 30 ms style; the rest not in any event.
    expect(shares(tasks[0])).toEqual({ 'start.js': 60, 'SignedInApp.js': 20, 'style/layout': 30, other: 10 });
    expect(shares(tasks[1])).toEqual({ 'style/layout': 40, paint: 20, other: 10 });
    expect(shares(tasks[2])).toEqual({ 'frame-first-write.js': 59 });
  });

  it('counts from a mark of the page instead (a menu tap traced on an open page), on the thread that made it', () => {
    const tap = { ...span('bench:tap', 450, 0), cat: 'blink.user_timing', ph: 'R' };
    const fromTap = longTasksOf([...trace, tap], { origin: SHELL, scriptName: chunkNames(SHELL), mark: 'bench:tap' });
    expect(fromTap.map((task) => [task.start, task.owner])).toEqual([
      [50, 'embedded page erp'],
      [150, 'shell'],
      [250, 'benchmark'],
    ]);
    expect(() => longTasksOf(trace, { origin: SHELL, mark: 'bench:tap' })).toThrow('the trace has no mark bench:tap');
  });

  it('fails clearly on a trace without the shell page', () => {
    expect(() => longTasksOf(trace, { origin: 'http://luigi.portal.localhost:1' })).toThrow('the trace has no page of http://luigi.portal.localhost:1');
  });
});

describe('chunkNames', () => {
  it("names the shell's chunks without their hash and other sites by their host", () => {
    const name = chunkNames(SHELL);
    expect(name(`${SHELL}/assets/start-85U0Zpia.js`)).toBe('start.js');
    expect(name(`${SHELL}/assets/frame-first-5130aa24.js`)).toBe('frame-first.js');
    expect(name(`${SHELL}/assets/p-Ct_oZq-1.js`)).toBe('p.js');
    expect(name(`${SHELL}/luigi.js`)).toBe('luigi.js');
    expect(name(`${APP}assets/app.js`)).toBe('embedded page erp');
  });
});

describe('reports', () => {
  const task = (owner: string, duration: number): LongTask => ({ start: 10, duration, cpu: duration / 2, owner, kind: 'timer', shares: [{ what: 'start.js', ms: duration }] });
  const tasks = [task('shell', 120), task('shell', 60), task('embedded page erp', 90), task('benchmark', 70)];

  it('adds up the blocking time (each task over 50 ms), of one owner or all', () => {
    expect(blockingTime(tasks)).toBe(70 + 10 + 40 + 20);
    expect(blockingTime(tasks, 'shell')).toBe(80);
  });

  it('lists every task with its owner and shares', () => {
    const text = formatLongTasks('Portal, handheld, repeat start', tasks);
    expect(text.split('\n')[0]).toBe('Portal, handheld, repeat start: 4 long tasks, blocking 140 ms (shell 80, embedded page erp 40, benchmark 20)');
    expect(text.split('\n')[1]).toBe('  -    10 ms   120 ms (CPU  60)  shell: timer — start.js 120');
  });

  it("flags the shell's own tasks over a limit, not an embedded page's", () => {
    const lines = formatLongTasks('Portal, handheld-cpu4, tap', tasks, 100).split('\n');
    expect(lines[1]).toMatch(/start\.js 120 \[over 100 ms\]$/);
    expect(lines.filter((line) => line.includes('[over'))).toHaveLength(1);
  });

  it("summarises each start: the shell's own tasks and its embedded page's blocking time", () => {
    const table = formatLongTaskSummary('caption', [
      { name: 'Portal', tasks: { first: tasks, repeat: [] } },
      { name: 'Luigi', tasks: { first: [task('shell', 51)] } },
    ]);
    expect(table).toContain('| first | 2 (longest 120 ms, blocking 80 ms) | 40 ms | 1 (longest 51 ms, blocking 1 ms) | 0 ms |');
    expect(table).toContain('| repeat | 0 (longest 0 ms, blocking 0 ms) | 0 ms | n/a | n/a |');
    expect(table).toContain('| offline | n/a | n/a | n/a | n/a |');
    expect(table).not.toContain('menu tap');
    const withTap = formatLongTaskSummary('caption', [{ name: 'Portal', tasks: { first: [], tap: [task('shell', 70)] } }]);
    expect(withTap).toContain('| menu tap to a new frame | 1 (longest 70 ms, blocking 20 ms) | 0 ms |');
  });
});
