import { z } from 'zod/mini';
import { readTab, removeTab, writeTab } from '../storage/tab.ts';
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

/** The trackers of the signed-in page, once started (one in practice). */
const running = new Set<Tracker>();
/** Problems found before any tracker ran (invalid storage read at boot, a corrupt session entry). */
let pending: TrackingEvent[] | null = null;

export class Tracker {
  private events: TrackingEvent[] = [];
  private counts = new Map<string, TrackingBatch['responseTimes'][number]>();
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly send: (batch: TrackingBatch) => Promise<unknown>,
    private readonly options: { flushEveryMs?: number; maxEvents?: number } = {},
  ) {}

  /** Starts the batches; this tracker also takes the problems reported before it (reportProblem). */
  start(): () => void {
    this.events.push(...takePendingReports());
    running.add(this);
    this.timer = setInterval(() => void this.flush(), this.options.flushEveryMs ?? 10_000);
    const onHide = () => {
      if (document.visibilityState === 'hidden') void this.flush();
    };
    document.addEventListener('visibilitychange', onHide);
    return () => {
      running.delete(this);
      clearInterval(this.timer);
      document.removeEventListener('visibilitychange', onHide);
    };
  }

  event(type: TrackingEvent['type'], name: string, properties?: Record<string, unknown>, path = location.pathname): void {
    this.events.push({ type, name, path, at: new Date().toISOString(), ...(properties ? { properties } : {}) });
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

/** Enough for every stored key and the session entry; a flood of the same problem is cut off. */
export const MAX_PENDING_REPORTS = 20;

const pendingSchema = z.array(
  z.object({
    type: z.literal('custom'),
    name: z.string(),
    path: z.optional(z.string()),
    at: z.string(),
    properties: z.optional(z.record(z.string(), z.unknown())),
  }),
);

/**
 * The waiting reports. They are also kept in this tab's sessionStorage: a corrupt session entry
 * leads to the sign-in redirect, and the tracker of the page after it must still send the report.
 */
function pendingReports(): TrackingEvent[] {
  pending ??= parsePendingReports(readTab('pendingTracking'));
  return pending;
}

/** The waiting reports kept in this tab, validated: anything unreadable is dropped. Never throws. */
export function parsePendingReports(raw: string | null): TrackingEvent[] {
  if (raw === null) return [];
  let kept: unknown = null;
  try {
    kept = JSON.parse(raw);
  } catch {
    // unreadable: dropped below
  }
  const parsed = pendingSchema.safeParse(kept);
  if (parsed.success) return parsed.data.slice(-MAX_PENDING_REPORTS);
  console.warn('[tracking] dropped unreadable waiting reports');
  return [];
}

function takePendingReports(): TrackingEvent[] {
  const taken = pendingReports();
  pending = [];
  removeTab('pendingTracking');
  return taken;
}

/**
 * Reports a problem as a custom tracking event from anywhere, also before the signed-in page has
 * created its tracker: then the event waits (at most MAX_PENDING_REPORTS) until one starts.
 */
export function reportProblem(name: string, properties: Record<string, unknown>): void {
  const [tracker] = running;
  if (tracker) return tracker.event('custom', name, properties);
  const event: TrackingEvent = { type: 'custom', name, path: location.pathname, at: new Date().toISOString(), properties };
  const waiting = pendingReports();
  if (waiting.length >= MAX_PENDING_REPORTS) return;
  waiting.push(event);
  writeTab('pendingTracking', JSON.stringify(waiting));
}
