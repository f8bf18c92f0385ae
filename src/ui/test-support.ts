/**
 * For tests of work that must give the main thread back: React's own scheduler rather than act()'s
 * queue (which draws everything at once), work that takes a set time, and a record of whether other
 * tasks ran while that work was done.
 */

/** Runs `test` with React scheduling as in the browser. */
export async function underReactScheduler<T>(test: () => Promise<T>): Promise<T> {
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const before = global.IS_REACT_ACT_ENVIRONMENT;
  global.IS_REACT_ACT_ENVIRONMENT = false;
  try {
    return await test();
  } finally {
    global.IS_REACT_ACT_ENVIRONMENT = before;
  }
}

/** Keeps the thread busy for `ms`, as a slow device's drawing of one item does. */
export function busyFor(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Records `mark`s of the work and, while ticking, a 'task' whenever another task gets to run. */
export function taskRecorder() {
  const events: string[] = [];
  let ticking = false;
  const tick = () => {
    events.push('task');
    if (ticking) setTimeout(tick, 0);
  };
  return {
    events,
    mark: (name: string) => void events.push(name),
    startTicking() {
      ticking = true;
      setTimeout(tick, 0);
    },
    stopTicking() {
      ticking = false;
    },
    /** Whether the work marked `name` was done more than once and another task ran between its first and last mark. */
    yieldedDuring(name: string): boolean {
      const first = events.indexOf(name);
      const last = events.lastIndexOf(name);
      return last > first && events.slice(first, last).includes('task');
    },
  };
}
