import * as v from 'valibot';
import type { OutboxChange } from './outbox.ts';
import { entryViewSchema } from './schema.ts';

/**
 * The outbox's word between this origin's tabs and its service worker (BroadcastChannel): a change
 * of the entries made in one reaches the others' badges and watching frames, and new work reaches
 * whoever may deliver it. Same-origin only, and still checked where it is read.
 */
export const OUTBOX_CHANNEL = 'staff-portal-outbox';

const changeSchema = v.union([
  v.object({ kind: v.literal('entry'), owner: v.string(), app: v.string(), entry: entryViewSchema, queuedOffline: v.boolean() }),
  v.object({ kind: v.literal('removed'), owner: v.string(), app: v.string(), id: v.string() }),
  v.object({ kind: v.literal('reset') }),
]);

export interface OutboxChannel {
  announce(change: OutboxChange): void;
  close(): void;
}

/** Opens the channel; `onChange` hears the others' changes (never its own). Null where there is no BroadcastChannel. */
export function openOutboxChannel(onChange: (change: OutboxChange) => void): OutboxChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.onmessage = (event: MessageEvent) => {
    const parsed = v.safeParse(changeSchema, event.data);
    if (parsed.success) onChange(parsed.output);
    else console.warn('[outbox] ignored a malformed message on the outbox channel');
  };
  return {
    announce: (change) => channel.postMessage(change),
    close: () => channel.close(),
  };
}
