/**
 * When a frame counts as shown: the shell cannot look into another origin's frame, and a
 * frame's `load` event also fires for the browser's own error page, so `load` alone proves nothing.
 *
 * - `ready` (frame-client `ready()`) always means the page has drawn.
 * - Online, `load` also counts for apps that have never said `ready` (apps built before the message
 *   existed keep working); once an app has said `ready`, its frames wait for it.
 * - Offline (mode or connectivity), only `ready` counts: a frame silent past the offline deadline is
 *   covered by the shell's "needs a connection" card.
 * - Online, a frame silent past the load deadline shows the load error with Retry.
 * Pure.
 */
export type FrameStatus = 'loading' | 'ready' | 'error' | 'needs-connection';
export type FrameSignal = 'ready' | 'load' | 'offline-deadline' | 'load-deadline';

export interface ReadinessContext {
  offline: boolean;
  /** The frame's app has sent `ready` before, in this shell. */
  speaksReady: boolean;
}

/** Online: a frame not shown in this time shows the load error with Retry. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;
/** Offline: a frame that has not said `ready` in this time is covered by the "needs a connection" card. */
export const OFFLINE_READY_TIMEOUT_MS = 4_000;

export function nextFrameStatus(status: FrameStatus, signal: FrameSignal, { offline, speaksReady }: ReadinessContext): FrameStatus {
  switch (signal) {
    case 'ready':
      return 'ready';
    case 'load':
      return status === 'loading' && !offline && !speaksReady ? 'ready' : status;
    case 'offline-deadline':
      return status === 'loading' && offline ? 'needs-connection' : status;
    case 'load-deadline':
      return status === 'loading' ? (offline ? 'needs-connection' : 'error') : status;
  }
}
