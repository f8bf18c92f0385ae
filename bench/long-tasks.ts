/**
 * The main thread's long tasks of one start, read from a DevTools trace (Chromium's Tracing domain):
 * each task of 50 ms or more on the renderer thread of the shell's page, from its navigation on, with
 * what it ran — which script (chunk) by the CPU profiler's samples, how it was called (module evaluation,
 * React's scheduler, a promise job, an idle callback, the browser's rendering…), and how much of it was
 * style and layout, painting, parsing or a new document — and whose it was: the shell's own or an
 * embedded page's (apps on the shell's site share its process, so their work blocks the same thread).
 */

/** A Chrome trace event, as the Tracing domain writes it (times in microseconds). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, in microseconds. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

/** The categories a long-task list needs: the timeline, the loading events that name frames, and CPU samples. */
export const TRACE_CATEGORIES = [
  '-*',
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'loading',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
];

export const LONG_TASK_MS = 50;

/** Time spent in one kind of work within a task (milliseconds). */
export interface Share {
  /** A script's name ("start.js", "embedded page erp") or a kind of browser work ("style/layout"). */
  what: string;
  ms: number;
}

export interface LongTask {
  /** Milliseconds from the shell page's navigation start. */
  start: number;
  duration: number;
  /**
   * The thread's CPU time in it (ms), as the trace's thread clock counts it: on a shared machine the
   * wall time (`duration`) also holds the time the thread waited for a core, this does not, so it
   * compares better across runs under different loads.
   */
  cpu: number;
  /** Whose work it mostly was: 'shell', 'embedded page <host>', 'benchmark' (Playwright's own script) or 'browser'. */
  owner: string;
  /** How the task ran (module evaluation, React's scheduler, promise jobs, idle callback, rendering…). */
  kind: string;
  /** What its time went to, largest first (shares under 2 ms left out). */
  shares: Share[];
}

export interface TraceOptions {
  /** The shell's origin: its page is the last outermost document navigated to under it. */
  origin: string;
  /** A short name for a script address (the shell's chunks without their hash, say). */
  scriptName?: (url: string) => string;
  minMs?: number;
  /**
   * A user-timing mark the page made (`performance.mark`) to count from instead of the navigation start:
   * a menu tap traced on a page already open. Its event also names the page's thread.
   */
  mark?: string;
}

const data = (event: TraceEvent): Record<string, unknown> => (event.args?.data as Record<string, unknown> | undefined) ?? {};
const beginData = (event: TraceEvent): Record<string, unknown> => (event.args?.beginData as Record<string, unknown> | undefined) ?? {};

/** Browser work by event name, counted exclusive of what runs inside it. */
const BROWSER_WORK: Record<string, string> = {
  UpdateLayoutTree: 'style/layout',
  Layout: 'style/layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  Layerize: 'paint',
  Commit: 'paint',
  UpdateLayer: 'paint',
  ParseHTML: 'HTML parsing',
  ParseAuthorStyleSheet: 'CSS parsing',
  'DocumentLoader::CommitNavigation': 'new document',
  MinorGC: 'garbage collection',
  MajorGC: 'garbage collection',
  'V8.GCScavenger': 'garbage collection',
  'V8.GC_MC_BACKGROUND_MARKING': 'garbage collection',
  'v8.produceModuleCache': 'code cache',
  'v8.produceCache': 'code cache',
  'v8.compileModule': 'compiling',
  'v8.compile': 'compiling',
};

/** Events that run script; their time (less the browser work inside) is split by the CPU samples' scripts. */
const SCRIPT_EVENTS = new Set(['EvaluateScript', 'v8.evaluateModule', 'v8.run', 'FunctionCall', 'v8.callFunction', 'RunMicrotasks', 'TimerFire', 'FireIdleCallback', 'FireAnimationFrame', 'EventDispatch']);

/** How a task ran, from the longest telling event inside it. */
function kindOf(inner: TraceEvent[], task: TraceEvent): string {
  const posted = String(inner.find((event) => event.name === 'ThreadControllerImpl::RunTask')?.args?.src_func ?? '');
  const kinds = (event: TraceEvent): string | null => {
    switch (event.name) {
      case 'v8.evaluateModule':
        return posted === 'DispatchFinishedNotificationAsync' ? 'module evaluation (dynamic import)' : 'module evaluation';
      case 'EvaluateScript':
        return data(event).url ? 'script evaluation' : 'DevTools script';
      case 'TimerFire':
        return 'timer';
      case 'FireIdleCallback':
        return 'idle callback';
      case 'FireAnimationFrame':
        return 'animation frame';
      case 'EventDispatch':
        return `event ${String(data(event).type ?? '')}`.trim();
      case 'RunMicrotasks':
        return 'promise jobs';
      case 'FunctionCall':
        // A script called from a posted message: React's scheduler (MessageChannel) in a React page.
        return 'posted message (scheduler)';
      case 'ParseHTML':
        return 'HTML parsing';
      case 'ParseAuthorStyleSheet':
        return 'CSS parsing';
      case 'DocumentLoader::CommitNavigation':
        return 'new document';
      case 'v8.produceModuleCache':
      case 'v8.produceCache':
        return 'code cache';
      case 'UpdateLayoutTree':
      case 'Layout':
      case 'Paint':
        return posted === 'ScheduledActionSendBeginMainFrame' ? 'rendering' : 'style/layout';
      default:
        return null;
    }
  };
  let longest: { kind: string; dur: number } | null = null;
  for (const event of inner) {
    const kind = kinds(event);
    // Nested events last no longer than their parent: the outermost telling one wins a tie.
    if (kind && (!longest || (event.dur ?? 0) > longest.dur)) longest = { kind, dur: event.dur ?? 0 };
  }
  return longest?.kind ?? (posted ? `browser task (${posted})` : task.name);
}

interface Samples {
  /** Sample times (µs, trace clock) and the script address of each (null: not script). */
  times: number[];
  urls: (string | null)[];
}

/** The CPU profile of thread `pid:tid`: each sample with the address of the innermost script frame on its stack. */
function samplesOf(events: TraceEvent[], pid: number, tid: number): Samples {
  const samples: Samples = { times: [], urls: [] };
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === tid);
  if (!profile) return samples;
  let time = Number(data(profile).startTime ?? 0);
  const parent = new Map<number, number>();
  const url = new Map<number, string | null>();
  const nodeUrl = (id: number): string | null => {
    for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
      const found = url.get(node);
      if (found) return found;
    }
    return null;
  };
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profile.id)) {
    const cpu = data(chunk).cpuProfile as { nodes?: { id: number; parent?: number; callFrame: { url?: string; functionName: string } }[]; samples?: number[] } | undefined;
    for (const node of cpu?.nodes ?? []) {
      if (node.parent !== undefined) parent.set(node.id, node.parent);
      // Native frames ("(program)", the garbage collector) are not script; a script's callees without an address are its own.
      url.set(node.id, node.callFrame.url || null);
    }
    const deltas = (data(chunk).timeDeltas as number[] | undefined) ?? [];
    (cpu?.samples ?? []).forEach((node, index) => {
      time += deltas[index] ?? 0;
      samples.times.push(time);
      samples.urls.push(nodeUrl(node));
    });
  }
  return samples;
}

/** The shell page: its last outermost navigation under `origin`, and the thread it runs on. */
function shellPage(events: TraceEvent[], origin: string): TraceEvent | undefined {
  return events
    .filter((event) => event.name === 'navigationStart' && data(event).isOutermostMainFrame === true && String(data(event).documentLoaderURL ?? '').startsWith(`${origin}/`))
    .sort((a, b) => a.ts - b.ts)
    .at(-1);
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
};

/** The long tasks of the shell page's thread from its navigation start, in order. */
export function longTasksOf(events: TraceEvent[], { origin, scriptName = (url) => url, minMs = LONG_TASK_MS, mark }: TraceOptions): LongTask[] {
  const navigation = mark === undefined ? shellPage(events, origin) : events.filter((event) => event.name === mark && event.cat.includes('blink.user_timing')).at(-1);
  if (!navigation) throw new Error(mark === undefined ? `the trace has no page of ${origin}` : `the trace has no mark ${mark}`);
  const { pid, tid, ts: zero } = navigation;
  const thread = events.filter((event) => event.pid === pid && event.tid === tid && event.ph === 'X' && event.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  // Frame id → the address it shows, so browser work inside a frame names its page.
  const frames = new Map<string, string>();
  for (const event of events) {
    if (event.name === 'CommitLoad' && typeof data(event).frame === 'string') frames.set(data(event).frame as string, String(data(event).url ?? ''));
  }
  const shellHost = hostOf(origin);
  const ownerOf = (url: string | null | undefined): string => {
    if (!url) return 'browser';
    const host = hostOf(url);
    if (host === shellHost) return 'shell';
    return host ? `embedded page ${host.split('.')[0]}` : 'browser';
  };
  const samples = samplesOf(events, pid, tid);
  const tasks: LongTask[] = [];
  for (const task of thread) {
    if (task.name !== 'RunTask' || task.ts < zero || (task.dur ?? 0) < minMs * 1000) continue;
    const end = task.ts + (task.dur ?? 0);
    const inner = thread.filter((event) => event !== task && event.ts >= task.ts && event.ts + (event.dur ?? 0) <= end);
    const shares = new Map<string, number>();
    const owners = new Map<string, number>();
    const add = (what: string, owner: string, us: number) => {
      if (us <= 0) return;
      shares.set(what, (shares.get(what) ?? 0) + us);
      owners.set(owner, (owners.get(owner) ?? 0) + us);
    };
    // Exclusive time of the outermost script and browser-work events: a stack of the open ones.
    const stack: { event: TraceEvent; frameUrl: string | null; covered: number }[] = [];
    const close = (until: number) => {
      while (stack.length > 0 && (stack.at(-1)!.event.ts + (stack.at(-1)!.event.dur ?? 0) <= until)) {
        const open = stack.pop()!;
        const own = (open.event.dur ?? 0) - open.covered;
        const parentOpen = stack.at(-1);
        if (parentOpen) parentOpen.covered += open.event.dur ?? 0;
        const work = BROWSER_WORK[open.event.name];
        if (work) add(work, ownerOf(open.frameUrl), own);
        else scriptTime(open.event, own);
      }
    };
    const scriptTime = (event: TraceEvent, us: number) => {
      // Split by the samples taken during the event (outside nested browser work): each sample stands for its share.
      const from = event.ts;
      const to = event.ts + (event.dur ?? 0);
      const urls: string[] = [];
      for (let i = lowerBound(samples.times, from); i < samples.times.length && (samples.times[i] as number) < to; i++) {
        const url = samples.urls[i];
        if (url) urls.push(url);
      }
      // Without samples: the address the event (or a script event inside it) names.
      const named = [event, ...inner.filter((other) => SCRIPT_EVENTS.has(other.name) && other.ts >= from && other.ts < to)].find((candidate) => data(candidate).url);
      const fallback = String((named && data(named).url) ?? event.args?.fileName ?? '');
      if (urls.length === 0) {
        add(fallback ? scriptName(fallback) : event.name === 'EvaluateScript' ? 'DevTools script (the benchmark)' : 'script', fallback ? ownerOf(fallback) : event.name === 'EvaluateScript' ? 'benchmark' : 'browser', us);
        return;
      }
      for (const url of urls) add(scriptName(url), ownerOf(url), us / urls.length);
    };
    for (const event of inner) {
      close(event.ts);
      const counted = event.name in BROWSER_WORK || SCRIPT_EVENTS.has(event.name);
      if (!counted) continue;
      // Nested script events are one script: only the outermost one is split by the samples.
      if (SCRIPT_EVENTS.has(event.name) && stack.some((open) => SCRIPT_EVENTS.has(open.event.name))) continue;
      const frame = (data(event).frame ?? beginData(event).frame) as string | undefined;
      stack.push({ event, frameUrl: (frame && frames.get(frame)) || stack.at(-1)?.frameUrl || null, covered: 0 });
    }
    close(Number.POSITIVE_INFINITY);
    const counted = [...shares.values()].reduce((sum, us) => sum + us, 0);
    add('other', 'browser', (task.dur ?? 0) - counted);
    owners.delete('browser');
    const owner = [...owners].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 'browser';
    tasks.push({
      start: (task.ts - zero) / 1000,
      duration: (task.dur ?? 0) / 1000,
      cpu: (task.tdur ?? task.dur ?? 0) / 1000,
      owner,
      kind: kindOf(inner, task),
      shares: [...shares]
        .map(([what, us]) => ({ what, ms: us / 1000 }))
        .filter((share) => share.ms >= 2)
        .sort((a, b) => b.ms - a.ms),
    });
  }
  return tasks;
}

function lowerBound(sorted: number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] as number) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Total blocking time of `tasks` (each task's time over 50 ms), optionally only those of one owner. */
export function blockingTime(tasks: LongTask[], owner?: string): number {
  return tasks.filter((task) => owner === undefined || task.owner === owner).reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0);
}

/** Names scripts as the tables do: the shell's chunks without their content hash, any other site's by its host. */
export function chunkNames(origin: string): (url: string) => string {
  const shell = hostOf(origin);
  return (url) => {
    const host = hostOf(url);
    if (host === null) return url;
    if (host !== shell) return `embedded page ${host.split('.')[0]}`;
    const file = new URL(url).pathname.split('/').at(-1) || '/';
    return file.replace(/-[\w-]{8}(\.(js|css))$/, '$1');
  };
}

/** Issue 57: the shell's own tasks over this at CPU 4× are flagged (README says which cannot be split). */
export const FLAG_OWN_MS = 100;

/** One start's long tasks as Markdown lines, with the blocking time of each owner; `flagOver`: the shell's own tasks longer than that are marked. */
export function formatLongTasks(title: string, tasks: LongTask[], flagOver?: number): string {
  const owners = [...new Set(tasks.map((task) => task.owner))];
  const lines = [
    `${title}: ${tasks.length} long tasks, blocking ${blockingTime(tasks).toFixed(0)} ms${owners.length > 0 ? ` (${owners.map((owner) => `${owner} ${blockingTime(tasks, owner).toFixed(0)}`).join(', ')})` : ''}`,
  ];
  for (const task of tasks) {
    const shares = task.shares.map((share) => `${share.what} ${share.ms.toFixed(0)}`).join(', ');
    const flag = flagOver !== undefined && task.owner === 'shell' && task.duration > flagOver ? ` [over ${flagOver} ms]` : '';
    lines.push(`  - ${task.start.toFixed(0).padStart(5)} ms  ${task.duration.toFixed(0).padStart(4)} ms (CPU ${task.cpu.toFixed(0).padStart(3)})  ${task.owner}: ${task.kind}${shares ? ` — ${shares}` : ''}${flag}`);
  }
  return lines.join('\n');
}

/**
 * The long tasks of a shell's starts, by kind of start (a shell without a service worker has no offline
 * start), and of a menu tap to a new frame route (`tap`, from the tap on: issue 57).
 */
export type StartTasks = { first: LongTask[]; repeat?: LongTask[]; offline?: LongTask[]; tap?: LongTask[] };

/** Per start: the shell's own long tasks (count, longest, blocking time) and the blocking time of its embedded pages. */
export function formatLongTaskSummary(caption: string, shells: { name: string; tasks: StartTasks }[]): string {
  const own = (tasks: LongTask[] | undefined) => {
    if (!tasks) return 'n/a';
    const mine = tasks.filter((task) => task.owner === 'shell');
    const longest = Math.max(0, ...mine.map((task) => task.duration));
    return `${mine.length} (longest ${longest.toFixed(0)} ms, blocking ${blockingTime(mine).toFixed(0)} ms)`;
  };
  const embedded = (tasks: LongTask[] | undefined) =>
    tasks ? `${tasks.filter((task) => task.owner.startsWith('embedded page')).reduce((sum, task) => sum + Math.max(0, task.duration - LONG_TASK_MS), 0).toFixed(0)} ms` : 'n/a';
  const kinds = ['first', 'repeat', 'offline', 'tap'] as const;
  return [
    caption,
    '',
    `| Start | ${shells.map((shell) => `${shell.name}: its own long tasks | ${shell.name}: embedded page's blocking`).join(' | ')} |`,
    `|---|${shells.map(() => '---|---|').join('')}`,
    ...kinds.filter((kind) => kind !== 'tap' || shells.some((shell) => shell.tasks.tap)).map((kind) => `| ${kind === 'tap' ? 'menu tap to a new frame' : kind} | ${shells.map((shell) => `${own(shell.tasks[kind])} | ${embedded(shell.tasks[kind])}`).join(' | ')} |`),
  ].join('\n');
}
