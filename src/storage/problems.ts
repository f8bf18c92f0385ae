import * as v from 'valibot';
import { readTab, removeTab, writeTab } from './tab.ts';

/**
 * The queue of problems found anywhere (an invalid stored value, a discarded IndexedDB record, a
 * corrupt session entry): reported here, drained by tracking once the signed-in page has started it.
 * It sits at the bottom so storage and the offline cache can report without knowing about the API.
 */
export interface Problem {
  /** Problems travel as tracking's custom events. */
  type: 'custom';
  name: string;
  path?: string;
  at: string;
  properties?: Record<string, unknown>;
}

/** Enough for every stored key and the session entry; a flood of the same problem is cut off. */
export const MAX_PENDING_REPORTS = 20;

const pendingSchema = v.array(
  v.object({
    type: v.literal('custom'),
    name: v.string(),
    path: v.optional(v.string()),
    at: v.string(),
    properties: v.optional(v.record(v.string(), v.unknown())),
  }),
);

/** Where problems go once tracking runs (one drain per page in practice). */
let drain: ((problem: Problem) => void) | null = null;
/** Problems reported before any drain (invalid storage read at boot, a corrupt session entry). */
let pending: Problem[] | null = null;

/**
 * The waiting reports. They are also kept in this tab's sessionStorage: a corrupt session entry
 * leads to the sign-in redirect, and the tracker of the page after it must still send the report.
 */
function pendingReports(): Problem[] {
  pending ??= parsePendingReports(readTab('pendingTracking'));
  return pending;
}

/** The waiting reports kept in this tab, validated: anything unreadable is dropped. Never throws. */
export function parsePendingReports(raw: string | null): Problem[] {
  if (raw === null) return [];
  let kept: unknown = null;
  try {
    kept = JSON.parse(raw);
  } catch {
    // unreadable: dropped below
  }
  const parsed = v.safeParse(pendingSchema, kept);
  if (parsed.success) return parsed.output.slice(-MAX_PENDING_REPORTS);
  console.warn('[problems] dropped unreadable waiting reports');
  return [];
}

/**
 * Reports a problem from anywhere, also before the signed-in page has started tracking: then it
 * waits (at most MAX_PENDING_REPORTS) until a drain takes it.
 */
export function reportProblem(name: string, properties: Record<string, unknown>): void {
  const problem: Problem = { type: 'custom', name, path: location.pathname, at: new Date().toISOString(), properties };
  if (drain) return drain(problem);
  const waiting = pendingReports();
  if (waiting.length >= MAX_PENDING_REPORTS) return;
  waiting.push(problem);
  writeTab('pendingTracking', JSON.stringify(waiting));
}

/** Hands `sink` the waiting problems, then every new one until the returned function is called. */
export function drainProblems(sink: (problem: Problem) => void): () => void {
  const waiting = pendingReports();
  pending = [];
  removeTab('pendingTracking');
  waiting.forEach(sink);
  drain = sink;
  return () => {
    if (drain === sink) drain = null;
  };
}
