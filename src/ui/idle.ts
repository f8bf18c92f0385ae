/** Longest wait for an idle moment: a page that is never idle still gets the work done. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `callback` once the browser is idle (after a start has drawn the shell and created its start
 * frame, which happens in the renders right after the shell's first one); returns a cancel function.
 * Without requestIdleCallback (Safari) it runs on the next task.
 */
export function whenIdle(callback: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(callback, { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(callback, 0);
  return () => clearTimeout(id);
}

/**
 * Ends the current task: what awaits this runs in a new one, ahead of other waiting tasks where the
 * browser can (`scheduler.yield`), else after them.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}
