import { describe, expect, it, vi } from 'vitest';
import { OUTBOX_CHANNEL, openOutboxChannel } from './channel.ts';
import type { OutboxChange } from './outbox.ts';
import { eventually } from './test-support.ts';

const entry = { id: 'e1', method: 'POST', url: 'https://api.example.com/x', body: null, state: 'delivered', queuedAt: 1, attempts: 1, problem: null, answer: { status: 201, body: '', truncated: false } } as const;

describe('the outbox channel between tabs and the worker', () => {
  it('tells the other side of each change, and drops what is not a change', async () => {
    const heard: OutboxChange[] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const one = openOutboxChannel(() => undefined);
    const other = openOutboxChannel((change) => heard.push(change));
    const stranger = new BroadcastChannel(OUTBOX_CHANNEL);
    const change: OutboxChange = { kind: 'entry', owner: 'cashier', app: 'pos', entry, queuedOffline: true };
    one?.announce(change);
    stranger.postMessage({ kind: 'entry', owner: 'cashier', app: 'pos', entry: { ...entry, state: 'lost' }, queuedOffline: true });
    one?.announce({ kind: 'reset' });
    await eventually(() => expect(heard).toEqual([change, { kind: 'reset' }]));
    expect(warn).toHaveBeenCalledTimes(2); // both listening sides dropped the stranger's
    [one, other].forEach((channel) => channel?.close());
    stranger.close();
  });
});
