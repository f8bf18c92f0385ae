import { vi } from 'vitest';
import type { NewEntry } from './schema.ts';

let databases = 0;
/** A database name of its own for each test. */
export const freshName = () => `outbox-test-${++databases}-${Math.random().toString(36).slice(2)}`;

/** A queued entry of `owner` for `app`, as the outbox would store it. */
export function newEntry(overrides: Partial<NewEntry> = {}): NewEntry {
  const id = overrides.id ?? `e-${Math.random().toString(36).slice(2)}`;
  return {
    id,
    idempotencyKey: `key-${id}`,
    app: 'pos',
    requestId: `request-${id}`,
    owner: 'staff-0002',
    sellerId: 2,
    method: 'POST',
    url: 'https://api.example.com/api/v1/pos/sales',
    body: '{"total":1}',
    contentType: 'application/json',
    state: 'queued',
    queuedAt: 1,
    queuedOffline: false,
    attempts: 0,
    nextAttemptAt: 0,
    problem: null,
    answer: null,
    deliveredAt: null,
    ...overrides,
  };
}

/** Web Locks' exclusive mode in one process: the tabs and the worker of a test share one. */
export class FakeLocks {
  private readonly tails = new Map<string, Promise<unknown>>();
  /** Names held right now (a test may check two holders never overlap). */
  readonly held = new Set<string>();

  request<T>(name: string, callback: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(name) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        if (this.held.has(name)) throw new Error(`lock ${name} granted twice`);
        this.held.add(name);
        try {
          return await callback();
        } finally {
          this.held.delete(name);
        }
      });
    this.tails.set(name, run);
    return run;
  }
}

/** vi.waitFor with room for a loaded machine (its default second is short when a few test files run together). */
export const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000, interval: 20 });
