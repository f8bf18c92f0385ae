import { TABLET_WIDTH } from '../ui/breakpoints.ts';

/**
 * Keep-alive pool of frames (an LRU): going back to a recently used module shows its frame again
 * instead of reloading it. The list keeps insertion order — moving an iframe in the DOM reloads it —
 * and only recency decides which one leaves. Pure.
 */
export interface PoolEntry {
  key: string;
  lastUsed: number;
}

/** Fewer kept frames on phones, where memory is short. */
export function poolSize(viewportWidth: number): number {
  return viewportWidth < TABLET_WIDTH ? 3 : 6;
}

/** Marks `key` used now (adding `create()` if missing) and drops the least recently used beyond `max`. */
export function touchPoolEntry<E extends PoolEntry>(pool: readonly E[], key: string, now: number, max: number, create: () => E): E[] {
  const exists = pool.some((entry) => entry.key === key);
  // Two uses within one millisecond still have an order: the later one is always the more recent.
  const stamp = Math.max(now, ...pool.filter((entry) => entry.key !== key).map((entry) => entry.lastUsed + 1));
  const next = exists ? pool.map((entry) => (entry.key === key ? { ...entry, lastUsed: stamp } : entry)) : [...pool, { ...create(), lastUsed: stamp }];
  if (next.length <= max) return next;
  // The frame being shown always stays, even when clocks tie.
  const recency = (entry: E) => (entry.key === key ? Infinity : entry.lastUsed);
  const keep = new Set([...next].sort((a, b) => recency(b) - recency(a)).slice(0, max).map((entry) => entry.key));
  return next.filter((entry) => keep.has(entry.key));
}
