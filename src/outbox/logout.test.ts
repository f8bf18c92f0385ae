import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { WriteOutcome } from '../api/write.ts';
import { openForOwner } from './device.ts';
import { outboxLogoutHook, outboxLogoutStep, type LogoutChoice } from './logout.ts';
import { Outbox } from './outbox.ts';
import { OutboxStore } from './store.ts';
import { FakeLocks, freshName, eventually } from './test-support.ts';

const BASE = 'https://api.example.com/api/v1/pos';
const KEY = { keyId: 'key-id-of-the-cashier-01', key: 'c'.repeat(43) };

async function setup({ withKey = true, answer = 201 }: { withKey?: boolean; answer?: number } = {}) {
  const store = new OutboxStore({ name: freshName(), onProblem: () => undefined });
  if (withKey) await openForOwner(store, 'cashier', KEY);
  const state = { online: false };
  const attempt = vi.fn(async (): Promise<WriteOutcome> => ({ kind: 'answer', status: answer, body: '', truncated: false, retryAfter: null }));
  const outbox = new Outbox({
    store,
    writer: () => ({ sub: 'cashier', sellerId: 2 }),
    apiBases: () => [BASE],
    attempt,
    accessTokenFor: async () => 'token',
    renewFor: async () => false,
    locks: new FakeLocks(),
    online: () => state.online,
  });
  const asked: unknown[] = [];
  let choice: LogoutChoice = 'stay';
  const ask = {
    sending: vi.fn(() => () => undefined),
    choose: vi.fn(async (question: unknown) => {
      asked.push(question);
      return choice;
    }),
  };
  const step = () => outboxLogoutStep({ outbox, store, sub: () => 'cashier', online: () => state.online, ask, sendWithinMs: 2000 });
  const sell = (n: number) => outbox.enqueue('pos', `r${n}`, { method: 'POST', url: `${BASE}/sales`, body: `{"n":${n}}`, contentType: 'application/json' }, { offline: !state.online });
  return { store, state, outbox, attempt, ask, asked, step, sell, choose: (next: LogoutChoice) => (choice = next) };
}

describe('the outbox at logout', () => {
  it('with nothing waiting, logout goes on without a question', async () => {
    const { step, ask } = await setup();
    expect(await step()).toBe('continue');
    expect(ask.sending).not.toHaveBeenCalled();
    expect(ask.choose).not.toHaveBeenCalled();
  });

  it('online, what waits is sent first; all delivered, no question', async () => {
    const { step, ask, sell, state, attempt, outbox } = await setup();
    await sell(1);
    await sell(2);
    state.online = true;
    expect(await step()).toBe('continue');
    expect(ask.sending).toHaveBeenCalledWith(2);
    expect(attempt).toHaveBeenCalledTimes(2);
    expect(ask.choose).not.toHaveBeenCalled();
    expect((await outbox.list('pos')).map((entry) => entry.state)).toEqual(['delivered', 'delivered']);
  });

  it('what could not be sent is the user’s to keep: sealed for their next sign-in', async () => {
    const { step, asked, sell, state, store, choose } = await setup({ answer: 503 });
    await sell(1);
    state.online = true;
    choose('keep');
    expect(await step()).toBe('continue');
    expect(asked).toEqual([{ waiting: 1, failed: 0, canKeep: true }]);
    expect(await store.owners()).toEqual([]);
    expect(await store.sealedWith(KEY.keyId)).toHaveLength(1);
  });

  it('offline, the user is asked at once: discard removes them; stay keeps them and the user signed in', async () => {
    const { step, asked, sell, store, choose, ask } = await setup();
    await sell(1);
    expect(await step()).toBe('stay');
    expect(ask.sending).not.toHaveBeenCalled();
    expect((await store.entriesOf('cashier')).entries).toHaveLength(1);
    choose('discard');
    expect(await step()).toBe('continue');
    expect(asked).toHaveLength(2);
    expect(await store.owners()).toEqual([]);
    expect(await store.sealedWith(KEY.keyId)).toEqual([]);
  });

  it('without the user’s key they cannot be kept', async () => {
    const { step, asked, sell } = await setup({ withKey: false });
    await sell(1);
    await step();
    expect(asked).toEqual([{ waiting: 1, failed: 0, canKeep: false }]);
  });

  it('the clean-up removes the worker’s token, the delivered entries and the key', async () => {
    const { store, sell, state, outbox } = await setup();
    await store.putCredential({ owner: 'cashier', accessToken: 'at', expiresAt: 1 });
    state.online = true;
    await sell(1);
    await eventually(async () => expect((await outbox.list('pos'))[0]?.state).toBe('delivered'));
    await outboxLogoutHook(store, 'cashier');
    expect(await store.credential()).toBeNull();
    expect(await store.owners()).toEqual([]);
    expect(await store.keyOf('cashier')).toBeNull();
  });
});
