import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxWrite } from '../../packages/frame-client/outbox.ts';
import type { WriteOutcome, WriteRequest } from '../api/write.ts';
import { Outbox, type OutboxChange, type OutboxDeps, type Writer } from './outbox.ts';
import { OutboxDatabaseBlocked, OutboxStore } from './store.ts';
import { FakeLocks, freshName, eventually } from './test-support.ts';

const BASE = 'https://api.example.com/api/v1/pos';
const sale = (n: number): OutboxWrite => ({ method: 'POST', url: `${BASE}/sales`, body: JSON.stringify({ n }), contentType: 'application/json' });
const answer = (status: number, body = '', retryAfter: string | null = null): WriteOutcome => ({ kind: 'answer', status, body, truncated: false, retryAfter });

/**
 * The API as the issue wants it: one execution per Idempotency-Key, recorded with the token's user and
 * the X-Seller-Id. `script` may replace the answer of the next calls (a lost answer, a 503...).
 */
function fakeApi(tokens: Map<string, string>) {
  const executed = new Map<string, { sub: string; sellerId: number | null; body: string | null }>();
  const calls: WriteRequest[] = [];
  const inFlight = new Set<string>();
  const overlaps: string[] = [];
  const script: ((request: WriteRequest) => WriteOutcome | 'lose-answer' | undefined)[] = [];
  const attempt = async (request: WriteRequest): Promise<WriteOutcome> => {
    calls.push(request);
    if (inFlight.has(request.idempotencyKey)) overlaps.push(request.idempotencyKey);
    inFlight.add(request.idempotencyKey);
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight.delete(request.idempotencyKey);
    const scripted = script.shift()?.(request);
    if (scripted && scripted !== 'lose-answer') return scripted;
    const sub = [...tokens].find(([, token]) => token === request.accessToken)?.[0];
    if (!sub) return answer(401);
    if (!executed.has(request.idempotencyKey)) executed.set(request.idempotencyKey, { sub, sellerId: request.sellerId, body: request.body });
    return scripted === 'lose-answer' ? { kind: 'network' } : answer(201, '{"saleId":1}');
  };
  return { executed, calls, overlaps, script, attempt };
}

/**
 * The outbox's clock and wake-up timer, moved by hand (fake timers would also stop fake-indexeddb,
 * which needs real turns of the event loop).
 */
function manualClock() {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const timers: { at: number; callback: () => void }[] = [];
  return {
    now: () => now,
    schedule(callback: () => void, ms: number) {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return () => void timers.splice(timers.indexOf(timer) >>> 0, 1);
    },
    /** Moves time on, firing the wake-ups due, and lets what they start settle. */
    async advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((candidate) => candidate.at <= now)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.callback();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    },
  };
}

function tab(shared: { store: OutboxStore; locks: FakeLocks; tokens: Map<string, string>; api: ReturnType<typeof fakeApi> }, writer: Writer | null, extra: Partial<OutboxDeps> = {}) {
  const state = { writer, online: true };
  const changes: OutboxChange[] = [];
  const counts: unknown[] = [];
  const renewFor = vi.fn(async () => false);
  const outbox = new Outbox({
    store: shared.store,
    writer: () => state.writer,
    apiBases: (app) => (app === 'pos' || app === 'erp' ? [BASE] : []),
    attempt: shared.api.attempt,
    accessTokenFor: async (sub) => (state.writer?.sub === sub ? (shared.tokens.get(sub) ?? null) : null),
    renewFor,
    locks: shared.locks,
    online: () => state.online,
    onCount: (count) => counts.push(count),
    random: () => 0.5,
    ...extra,
  });
  outbox.subscribe((change) => changes.push(change));
  return { outbox, state, changes, counts, renewFor };
}

const outboxes: Outbox[] = [];
function setup(writer: Writer | null = { sub: 'cashier', sellerId: 2 }, extra: Partial<OutboxDeps> = {}) {
  const clock = manualClock();
  const tokens = new Map([['cashier', 'token-cashier'], ['picker', 'token-picker']]);
  const shared = { store: new OutboxStore({ name: freshName(), onProblem: () => undefined }), locks: new FakeLocks(), tokens, api: fakeApi(tokens) };
  const first = tab(shared, writer, { now: clock.now, schedule: clock.schedule, ...extra });
  outboxes.push(first.outbox);
  return { ...shared, ...first, clock, another: (other: Writer | null = writer, more: Partial<OutboxDeps> = {}) => {
    const next = tab(shared, other, more);
    outboxes.push(next.outbox);
    return next;
  } };
}

afterEach(() => {
  outboxes.splice(0).forEach((outbox) => outbox.stop());
});

/** The first pos entry has had `attempts` tries and waits out its back-off (the wake-up is set). */
const waitedOut = (outbox: Outbox, attempts: number) =>
  eventually(async () => expect((await outbox.list('pos'))[0]).toMatchObject({ state: 'queued', attempts, problem: { reason: 'network' } }));

/** A pos entry whose first three tries lost the connection, waiting out its third back-off (3 s); `failures` tries fail in all. */
async function lostConnectionThrice(failures: number) {
  const context = setup();
  context.api.script.push(...Array.from({ length: failures }, () => (): WriteOutcome => ({ kind: 'network' })));
  await context.outbox.enqueue('pos', 'a', sale(1), { offline: false });
  await waitedOut(context.outbox, 1);
  await context.clock.advance(750);
  await waitedOut(context.outbox, 2);
  await context.clock.advance(1500);
  await waitedOut(context.outbox, 3);
  return context;
}

const states = (changes: OutboxChange[], id: string) => changes.flatMap((change) => (change.kind === 'entry' && change.entry.id === id ? [change.entry.state] : []));

describe('the outbox', () => {
  it('stores a write before answering, then delivers it: queued → sending → delivered, with the answer', async () => {
    const { outbox, changes, api, store } = setup();
    const result = await outbox.enqueue('pos', 'r1', sale(1), { offline: false });
    expect(result).toMatchObject({ ok: true, entry: { state: 'queued', method: 'POST', url: `${BASE}/sales`, attempts: 0 } });
    if (!result.ok) return;
    // On disk by the time the app hears of it.
    expect((await store.entriesOf('cashier')).entries.map((entry) => entry.id)).toEqual([result.entry.id]);
    await eventually(() => expect(states(changes, result.entry.id)).toEqual(['queued', 'sending', 'delivered']));
    expect(await outbox.list('pos')).toEqual([expect.objectContaining({ id: result.entry.id, state: 'delivered', attempts: 1, answer: { status: 201, body: '{"saleId":1}', truncated: false } })]);
    expect(api.calls).toEqual([expect.objectContaining({ accessToken: 'token-cashier', sellerId: 2, body: '{"n":1}' })]);
  });

  it('refuses with a named reason and stores nothing: an address the app may not use, too many, nobody signed in, a blocked database', async () => {
    const { outbox, store } = setup();
    expect(await outbox.enqueue('pos', 'r1', { ...sale(1), url: 'https://elsewhere.example/x' }, { offline: false })).toEqual({ ok: false, reason: 'url-not-allowed' });
    expect(await outbox.enqueue('crm', 'r1', sale(1), { offline: false })).toEqual({ ok: false, reason: 'url-not-allowed' });
    expect(await setup(null).outbox.enqueue('pos', 'r1', sale(1), { offline: false })).toEqual({ ok: false, reason: 'signed-out' });
    vi.spyOn(store, 'add').mockRejectedValueOnce(new OutboxDatabaseBlocked('held by an older tab'));
    expect(await outbox.enqueue('pos', 'r2', sale(2), { offline: false })).toEqual({ ok: false, reason: 'storage-blocked' });
    expect((await store.entriesOf('cashier')).entries).toEqual([]);
  });

  it('refuses more than the limit of waiting writes per app', async () => {
    const { outbox, state, store } = setup();
    state.online = false;
    vi.spyOn(store, 'entriesOf').mockResolvedValueOnce({ entries: Array.from({ length: 200 }, () => ({ state: 'queued', requestId: 'x' }) as never), unreadable: [] });
    expect(await outbox.enqueue('pos', 'r1', sale(1), { offline: true })).toEqual({ ok: false, reason: 'too-many-entries' });
  });

  it('a send said twice (the app did not hear the answer) is stored once', async () => {
    const { outbox, state, store } = setup();
    state.online = false;
    const [first, second] = await Promise.all([outbox.enqueue('pos', 'r1', sale(1), { offline: true }), outbox.enqueue('pos', 'r1', sale(1), { offline: true })]);
    expect(first).toEqual(second);
    expect((await store.entriesOf('cashier')).entries).toHaveLength(1);
  });

  it('delivers in order per app: a later write waits for the one before it, another app does not', async () => {
    const { outbox, api, clock } = setup();
    api.script.push(() => answer(503, '', '10'));
    await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await outbox.enqueue('pos', 'b', sale(2), { offline: false });
    await outbox.enqueue('erp', 'c', sale(3), { offline: false });
    await eventually(async () => expect((await outbox.list('pos')).map((entry) => entry.problem?.reason ?? entry.state)).toEqual(['unavailable', 'queued']));
    await eventually(() => expect(api.calls.map((call) => call.body)).toEqual(['{"n":1}', '{"n":3}']));
    await clock.advance(9000);
    expect(api.calls).toHaveLength(2);
    // Retry-After: 10 s, then both, in order.
    await clock.advance(1000);
    await eventually(async () => expect((await outbox.list('pos')).map((entry) => entry.state)).toEqual(['delivered', 'delivered']));
    expect(api.calls.map((call) => call.body)).toEqual(['{"n":1}', '{"n":3}', '{"n":1}', '{"n":2}']);
  });

  it('an answer lost on the way back is asked for again with the same key: the write is executed once', async () => {
    const { outbox, api, clock } = setup();
    api.script.push(() => 'lose-answer', () => 'lose-answer');
    await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await waitedOut(outbox, 1);
    await clock.advance(750);
    await waitedOut(outbox, 2);
    await clock.advance(1500);
    await eventually(() => expect(api.calls).toHaveLength(3));
    expect(new Set(api.calls.map((call) => call.idempotencyKey)).size).toBe(1);
    expect(api.executed.size).toBe(1);
    expect((await outbox.list('pos'))[0]).toMatchObject({ state: 'delivered', attempts: 3 });
  });

  it('a 401 renews the session once and tries again with the new token; a second 401 is final', async () => {
    const { outbox, api, renewFor, tokens } = setup();
    renewFor.mockImplementation(async () => {
      tokens.set('cashier', 'renewed-token');
      return true;
    });
    api.script.push(() => answer(401));
    await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await eventually(async () => expect((await outbox.list('pos'))[0]?.state).toBe('delivered'));
    expect(api.calls.map((call) => call.accessToken)).toEqual(['token-cashier', 'renewed-token']);
    expect(renewFor).toHaveBeenCalledOnce();

    api.script.push(() => answer(401), () => answer(401));
    await outbox.enqueue('pos', 'b', sale(2), { offline: false });
    await eventually(async () => expect((await outbox.list('pos'))[1]).toMatchObject({ state: 'failed', problem: { reason: 'unauthorized', status: 401 } }));
    expect(renewFor).toHaveBeenCalledTimes(2);
  });

  it('a 401 whose renewal fails waits for the session instead of failing', async () => {
    const { outbox, api } = setup();
    api.script.push(() => answer(401));
    await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await eventually(async () => expect((await outbox.list('pos'))[0]).toMatchObject({ state: 'queued', problem: { reason: 'signed-out', status: 401 } }));
  });

  it('where nothing can renew (the worker), a 401 leaves the entry due at once for the next page, which renews and sends it', async () => {
    const { outbox, api, another, tokens, clock } = setup({ sub: 'cashier', sellerId: 2 }, { renewFor: undefined });
    api.script.push(() => answer(401));
    await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await eventually(async () => expect((await outbox.list('pos'))[0]).toMatchObject({ state: 'queued', attempts: 1, problem: { reason: 'signed-out', status: 401, retryAt: null } }));
    // The worker itself does not try again (its round is over; no wake-up was set).
    await clock.advance(60_000);
    expect(api.calls).toHaveLength(1);

    // A page: its token is refused too (the same one), it renews, and the entry goes.
    const page = another(undefined, { now: clock.now, schedule: clock.schedule });
    page.renewFor.mockImplementation(async () => {
      tokens.set('cashier', 'renewed-token');
      return true;
    });
    api.script.push(() => answer(401));
    await page.outbox.deliver('remote');
    await eventually(async () => expect((await page.outbox.list('pos'))[0]?.state).toBe('delivered'));
    expect(api.calls.map((call) => call.accessToken)).toEqual(['token-cashier', 'token-cashier', 'renewed-token']);
  });

  it('an entry waiting for a session goes at once when a page starts or its session changes, not after its back-off', async () => {
    for (const trigger of ['start', 'session'] as const) {
      const { outbox, api, another, clock } = setup();
      api.script.push(() => answer(401));
      await outbox.enqueue('pos', 'a', sale(1), { offline: false });
      await eventually(async () => expect((await outbox.list('pos'))[0]).toMatchObject({ problem: { reason: 'signed-out', status: 401 } }));
      // Its renewal failed: 30 s of back-off in this tab ('remote' and 'timer' respect it)...
      const page = another(undefined, { now: clock.now, schedule: clock.schedule });
      await page.outbox.deliver('remote');
      expect(api.calls).toHaveLength(1);
      // ...but a page that starts (or renews) holds a token worth a try now.
      await page.outbox.deliver(trigger);
      await eventually(async () => expect((await page.outbox.list('pos'))[0]?.state).toBe('delivered'));
    }
  });

  it('a refusal is final and holds nobody back; Retry queues it again, Discard removes it', async () => {
    const { outbox, api, changes } = setup();
    api.script.push(() => answer(422, '{"code":42201}'));
    const failed = await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await outbox.enqueue('pos', 'b', sale(2), { offline: false });
    await eventually(async () => expect((await outbox.list('pos')).map((entry) => entry.state)).toEqual(['failed', 'delivered']));
    expect((await outbox.list('pos'))[0]?.problem).toEqual({ reason: 'refused', status: 422, retryAt: null });
    if (!failed.ok) throw new Error('not stored');
    await outbox.retry(failed.entry.id);
    await eventually(async () => expect((await outbox.list('pos'))[0]?.state).toBe('delivered'));
    expect(await outbox.discard({ id: failed.entry.id, app: 'erp' })).toBe('not-found');
    expect(await outbox.discard({ id: failed.entry.id, app: 'pos' })).toBe('discarded');
    expect((await outbox.list('pos')).map((entry) => entry.id)).not.toContain(failed.entry.id);
    expect(changes.at(-1)).toEqual({ kind: 'removed', owner: 'cashier', app: 'pos', id: failed.entry.id });
  });

  it('two tabs delivering at once never send the same entry at the same time, and each write is executed once', async () => {
    const { outbox, api, another } = setup();
    const second = another();
    const writes = Array.from({ length: 30 }, (_, n) => (n % 2 ? outbox : second.outbox).enqueue('pos', `r${n}`, sale(n), { offline: false }));
    await Promise.all(writes);
    await Promise.all([outbox.deliver('online'), second.outbox.deliver('online')]);
    await eventually(async () => expect((await outbox.list('pos')).every((entry) => entry.state === 'delivered')).toBe(true));
    expect(api.executed.size).toBe(30);
    expect(api.calls).toHaveLength(30);
    expect(api.overlaps).toEqual([]);
  });

  it('sends an entry only with the token of the user who made it, under the seller it was made under', async () => {
    const { outbox, state, api, another } = setup({ sub: 'cashier', sellerId: 2 });
    state.online = false;
    await outbox.enqueue('pos', 'a', sale(1), { offline: true });
    // The seller changes before the connection returns: the write still goes out under seller 2.
    state.writer = { sub: 'cashier', sellerId: 7 };
    await outbox.enqueue('pos', 'b', sale(2), { offline: true });
    // Another person's tab on the same device sends nothing of the cashier's.
    const picker = another({ sub: 'picker', sellerId: 1 });
    await picker.outbox.deliver('online');
    expect(api.calls).toEqual([]);
    expect(await picker.outbox.list('pos')).toEqual([]);
    state.online = true;
    await outbox.deliver('online');
    expect([...api.executed.values()]).toEqual([
      { sub: 'cashier', sellerId: 2, body: '{"n":1}' },
      { sub: 'cashier', sellerId: 7, body: '{"n":2}' },
    ]);
  });

  it('tries nothing while offline; when the connection returns, an entry waiting out a network back-off goes at once', async () => {
    const { outbox, api, state, clock } = await lostConnectionThrice(3);
    // The third back-off (3 s) is not over: nothing is tried, offline or not.
    state.online = false;
    await clock.advance(1000);
    await outbox.deliver('timer');
    state.online = true;
    await outbox.deliver('timer');
    expect(api.calls).toHaveLength(3);
    await outbox.deliver('online');
    expect(api.calls).toHaveLength(4);
    expect((await outbox.list('pos'))[0]?.state).toBe('delivered');
  });

  it('when the connection returns, the back-off starts again from its first step', async () => {
    const { outbox, api, clock } = await lostConnectionThrice(4);
    // Back: tried at once, and when that try fails too it waits the first step (750 ms), not the fourth (6 s).
    await outbox.deliver('online');
    await waitedOut(outbox, 4);
    expect((await outbox.list('pos'))[0]?.problem?.retryAt).toBe(clock.now() + 750);
    await clock.advance(750);
    await eventually(async () => expect((await outbox.list('pos'))[0]?.state).toBe('delivered'));
    expect(api.calls).toHaveLength(5);
  });

  it('a start tries an entry that lost its connection at once; what the server asked to wait for still waits', async () => {
    const { outbox, api, another } = setup();
    api.script.push(() => ({ kind: 'network' }), () => answer(503, '', '3600'));
    await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await waitedOut(outbox, 1);
    const next = another();
    await next.outbox.deliver('start');
    await eventually(async () => expect((await outbox.list('pos'))[0]).toMatchObject({ state: 'queued', attempts: 2, problem: { reason: 'unavailable' } }));
    await next.outbox.deliver('start');
    await next.outbox.deliver('online');
    expect(api.calls).toHaveLength(2);
  });

  it('reads an app’s queue once per round, not once per entry, and prunes once at its end', async () => {
    const { outbox, state, store, api } = setup();
    state.online = false;
    for (let n = 0; n < 6; n += 1) await outbox.enqueue('pos', `r${n}`, sale(n), { offline: true });
    const reads = vi.spyOn(store, 'waiting');
    const scans = vi.spyOn(store, 'entriesOf');
    state.online = true;
    await outbox.deliver('online');
    expect(api.executed.size).toBe(6);
    // One reading of the queue, one more that finds it empty.
    expect(reads).toHaveBeenCalledTimes(2);
    // The prune (the other scans are the badge's counts, of every app).
    expect(scans.mock.calls.filter(([, app]) => app === 'pos')).toHaveLength(1);
  });

  it('Retry on a waiting entry tries it now, whatever its back-off', async () => {
    const { outbox, api } = setup();
    api.script.push(() => answer(503, '', '3600'));
    const stored = await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    await eventually(async () => expect((await outbox.list('pos'))[0]).toMatchObject({ state: 'queued', attempts: 1, problem: { reason: 'unavailable' } }));
    await outbox.deliver('timer');
    expect(api.calls).toHaveLength(1);
    if (!stored.ok) throw new Error('not stored');
    await outbox.retry(stored.entry.id);
    expect(api.calls).toHaveLength(2);
    expect((await outbox.list('pos'))[0]?.state).toBe('delivered');
  });

  it('an entry left sending by a tab that died is tried again with the same key', async () => {
    const { outbox, api, store, state } = setup();
    state.online = false;
    const stored = await outbox.enqueue('pos', 'a', sale(1), { offline: false });
    if (!stored.ok) throw new Error('not stored');
    await store.update(stored.entry.id, { state: 'sending', attempts: 1 });
    state.online = true;
    await outbox.deliver('start');
    expect(api.calls).toHaveLength(1);
    expect((await outbox.list('pos'))[0]).toMatchObject({ state: 'delivered', attempts: 2 });
  });

  it('counts the user’s writes waiting and failed', async () => {
    const { outbox, counts, state, api } = setup();
    state.online = false;
    await outbox.enqueue('pos', 'a', sale(1), { offline: true });
    await outbox.enqueue('pos', 'b', sale(2), { offline: true });
    await eventually(() => expect(counts.at(-1)).toEqual({ waiting: 2, failed: 0 }));
    api.script.push(() => answer(400));
    state.online = true;
    await outbox.deliver('online');
    await eventually(() => expect(counts.at(-1)).toEqual({ waiting: 0, failed: 1 }));
  });
});
