import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { parseFrameMessage, PROTOCOL, type OutboxReply } from '../../packages/frame-client/index.ts';
import { OutboxFrames, type OutboxRequest } from './frames.ts';
import { Outbox } from './outbox.ts';
import { OutboxStore } from './store.ts';
import { FakeLocks, freshName, eventually } from './test-support.ts';

const BASE = 'https://api.example.com/api/v1/pos';
const write = { method: 'POST', url: `${BASE}/sales`, body: '{"total":1}', contentType: 'application/json' };
const request = (data: Record<string, unknown>) => parseFrameMessage({ protocol: PROTOCOL, ...data }) as OutboxRequest;

function setup() {
  const state = { online: false };
  const outbox = new Outbox({
    store: new OutboxStore({ name: freshName(), onProblem: () => undefined }),
    writer: () => ({ sub: 'cashier', sellerId: 2 }),
    apiBases: (app) => (app === 'pos' ? [BASE] : []),
    attempt: async () => ({ kind: 'answer', status: 201, body: '{"ok":true}', truncated: false, retryAfter: null }),
    accessTokenFor: async () => 'token',
    renewFor: async () => false,
    locks: new FakeLocks(),
    online: () => state.online,
  });
  const frames = new OutboxFrames({ outbox, owner: () => 'cashier', offline: () => !state.online });
  const replies: OutboxReply[] = [];
  const post = (reply: OutboxReply) => replies.push(reply);
  const pos = { app: 'pos', window: { closed: false } };
  return { outbox, frames, replies, post, pos, state };
}

describe('the outbox’s side of the frame protocol', () => {
  it('stores a write of the frame’s app and answers with the entry; lists and discards only that app’s', async () => {
    const { frames, replies, post, pos } = setup();
    frames.handle(pos, request({ type: 'outbox-send', requestId: 'r1', write }), post);
    await eventually(() => expect(replies).toEqual([expect.objectContaining({ type: 'outbox-stored', requestId: 'r1', entry: expect.objectContaining({ state: 'queued' }) })]));
    const id = (replies[0] as Extract<OutboxReply, { type: 'outbox-stored' }>).entry.id;
    // One request at a time: their answers come as each finishes.
    for (const [frame, data] of [
      [{ app: 'erp', window: {} }, { type: 'outbox-list', requestId: 'r2' }],
      [{ app: 'erp', window: {} }, { type: 'outbox-discard', requestId: 'r3', id }],
      [pos, { type: 'outbox-list', requestId: 'r4' }],
    ] as const) {
      const before = replies.length;
      frames.handle(frame, request(data), post);
      await eventually(() => expect(replies).toHaveLength(before + 1));
    }
    expect(replies.slice(1)).toEqual([
      { protocol: PROTOCOL, type: 'outbox-entries', requestId: 'r2', entries: [] },
      { protocol: PROTOCOL, type: 'outbox-refused', requestId: 'r3', reason: 'not-found' },
      { protocol: PROTOCOL, type: 'outbox-entries', requestId: 'r4', entries: [expect.objectContaining({ id })] },
    ]);
  });

  it('refuses a bad write with its reason, and one for an address the app may not use', async () => {
    const { frames, replies, post, pos } = setup();
    frames.handle(pos, request({ type: 'outbox-send', requestId: 'r1', write: { ...write, method: 'GET' } }), post);
    frames.handle({ app: 'crm', window: {} }, request({ type: 'outbox-send', requestId: 'r2', write }), post);
    await eventually(() => expect(replies).toHaveLength(2));
    expect(replies).toEqual([
      { protocol: PROTOCOL, type: 'outbox-refused', requestId: 'r1', reason: 'unknown-method' },
      { protocol: PROTOCOL, type: 'outbox-refused', requestId: 'r2', reason: 'url-not-allowed' },
    ]);
  });

  it('tells watching frames of their app how its entries move, and a frame that left nothing', async () => {
    const { frames, outbox, state, pos } = setup();
    const updates: string[] = [];
    const gone = { app: 'pos', window: { closed: false } };
    frames.handle(pos, request({ type: 'outbox-watch' }), (reply) => reply.type === 'outbox-update' && updates.push(reply.entry.state));
    frames.handle(gone, request({ type: 'outbox-watch' }), () => updates.push('to a frame that left'));
    frames.handle({ app: 'erp', window: {} }, request({ type: 'outbox-watch' }), () => updates.push('to another app'));
    gone.window.closed = true;
    await outbox.enqueue('pos', 'r1', { ...write, method: 'POST' }, { offline: true });
    state.online = true;
    await outbox.deliver('online');
    expect(updates).toEqual(['queued', 'sending', 'delivered']);
  });
});
