import type { Outbox } from './outbox.ts';
import { discardOwner, sealOwner } from './device.ts';
import type { OutboxStore } from './store.ts';

/**
 * The outbox at logout (every way out: Logout, an app's logout, End shift — the session's steps
 * before logout). Online, what waits is sent first. What is still not delivered is the user's to
 * decide: keep it for their next sign-in (sealed), discard it (the asker confirms), or stay signed in.
 */
export type LogoutChoice = 'keep' | 'discard' | 'stay';

export interface LogoutAsker {
  /** What waits is being sent before logout; returns the end of that notice. */
  sending(count: number): () => void;
  /** Some writes are still not delivered. `canKeep`: the user's key is on the device, so they can be sealed. */
  choose(question: { waiting: number; failed: number; canKeep: boolean }): Promise<LogoutChoice>;
}

export interface LogoutStepDeps {
  outbox: Outbox;
  store: OutboxStore;
  /** Who is logging out. */
  sub(): string | null;
  online(): boolean;
  ask: LogoutAsker;
  /** How long sending first may take before the user is asked. */
  sendWithinMs?: number;
}

export const SEND_BEFORE_LOGOUT_MS = 10_000;

export async function outboxLogoutStep({ outbox, store, sub, online, ask, sendWithinMs = SEND_BEFORE_LOGOUT_MS }: LogoutStepDeps): Promise<'continue' | 'stay'> {
  const owner = sub();
  if (!owner) return 'continue';
  let count = await outbox.count();
  if (count.waiting > 0 && online()) {
    const done = ask.sending(count.waiting);
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([outbox.deliver('logout'), new Promise((resolve) => (timer = setTimeout(resolve, sendWithinMs)))]);
    clearTimeout(timer);
    done();
    count = await outbox.count();
  }
  if (count.waiting + count.failed === 0) return 'continue';
  const choice = await ask.choose({ ...count, canKeep: (await store.keyOf(owner)) !== null });
  if (choice === 'stay') return 'stay';
  await outbox.settle();
  if (choice === 'keep') await sealOwner(store, owner);
  else await discardOwner(store, owner);
  return 'continue';
}

/**
 * The outbox's part of the logout clean-up: the worker's token goes, and so does whatever of the user
 * is still in the clear — delivered entries, their key (after sealing what a step kept).
 */
export async function outboxLogoutHook(store: OutboxStore, owner: string | null): Promise<void> {
  await store.removeCredential();
  if (!owner) return;
  const { entries, unreadable } = await store.entriesOf(owner);
  const kept = entries.some((entry) => entry.state !== 'delivered') || unreadable.length > 0;
  if (!kept) await discardOwner(store, owner);
  else if ((await sealOwner(store, owner)) === 'no-key') console.warn('[outbox] the user’s writes stay on the device unsealed: no key was handed out');
}
