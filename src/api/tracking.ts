import { drainProblems } from '../storage/problems.ts';
import type { ResponseTiming } from './client.ts';
import type { TimeBucket } from './time-buckets.ts';

/**
 * Collects tracking events (page loads and unloads, custom events, error codes) and response-time
 * bucket counts, and sends them to the collector in batches: every 10 s, when 50 events wait, and
 * when the page is hidden (keep-alive request).
 */
export interface TrackingEvent {
  type: 'page_load' | 'page_unload' | 'custom';
  name: string;
  path?: string;
  at: string;
  properties?: Record<string, unknown>;
}

export interface TrackingBatch {
  events: TrackingEvent[];
  responseTimes: Array<{ method: string; path: string; bucket: TimeBucket; count: number }>;
}

/** Ids in paths are folded so /platforms/12/websites and /platforms/13/websites count together. */
export function timingPath(path: string): string {
  return path.replace(/\/\d+(?=\/|$)/g, '/:id');
}

const atOnce = (run: () => void) => {
  run();
  return () => {};
};

export class Tracker {
  private events: TrackingEvent[] = [];
  private counts = new Map<string, TrackingBatch['responseTimes'][number]>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly send: (batch: TrackingBatch) => Promise<unknown>,
    private readonly options: {
      flushEveryMs?: number;
      maxEvents?: number;
      /** When to take over the problems waiting in this tab (default: at once); returns a cancel function. */
      drainWhen?: (drain: () => void) => () => void;
    } = {},
  ) {}

  /** Starts the batches; this tracker also drains the problems reported anywhere (storage/problems.ts). */
  start(): () => void {
    let stopDraining = () => {};
    const cancelDrain = (this.options.drainWhen ?? atOnce)(() => (stopDraining = drainProblems((problem) => this.record(problem))));
    this.timer = setInterval(() => void this.flush(), this.options.flushEveryMs ?? 10_000);
    const onHide = () => {
      if (document.visibilityState === 'hidden') void this.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      cancelDrain();
      stopDraining();
      clearInterval(this.timer);
      document.removeEventListener('visibilitychange', onHide);
    };
  }

  event(type: TrackingEvent['type'], name: string, properties?: Record<string, unknown>, path = location.pathname): void {
    this.record({ type, name, path, at: new Date().toISOString(), ...(properties ? { properties } : {}) });
  }

  private record(event: TrackingEvent): void {
    this.events.push(event);
    if (this.events.length >= (this.options.maxEvents ?? 50)) void this.flush();
  }

  timing({ method, path, bucket }: ResponseTiming): void {
    const normalized = timingPath(path);
    if (normalized.endsWith('/tracking/events')) return; // the collector does not time itself
    const key = `${method} ${normalized} ${bucket}`;
    const entry = this.counts.get(key) ?? { method, path: normalized, bucket, count: 0 };
    entry.count++;
    this.counts.set(key, entry);
  }

  /** Sends what has been collected; a failed batch is dropped (tracking must never hurt the user). */
  async flush(): Promise<void> {
    if (this.events.length === 0 && this.counts.size === 0) return;
    const batch: TrackingBatch = { events: this.events, responseTimes: [...this.counts.values()] };
    this.events = [];
    this.counts = new Map();
    await this.send(batch).catch(() => undefined);
  }
}
