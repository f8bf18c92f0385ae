import * as v from 'valibot';
import { storedEntrySchema } from './schema.ts';
import type { HandedKey } from '../api/types.ts';
import { importHandedKey, openSealed, sealRecord } from './seal.ts';
import type { OutboxStore } from './store.ts';

/**
 * Whose entries the device holds in the clear: only those of the user signed in here. When a user
 * leaves (logout, or another person's start after a session that ended without one) their entries
 * are sealed with their key and the key is dropped; their next sign-in opens them again.
 */

/** Seals every record of `owner` (delivered ones are dropped: done, and the app has had them) and drops their key. */
export async function sealOwner(store: OutboxStore, owner: string): Promise<'sealed' | 'no-key'> {
  const key = await store.keyOf(owner);
  if (!key) return 'no-key';
  const records = await store.recordsOf(owner);
  const kept = records.filter(({ record }) => (record as { state?: unknown } | null)?.state !== 'delivered');
  const sealed = await Promise.all(
    // A try under way when the user left is tried again at their next sign-in, with the same key.
    kept.map(({ seq, record }) => sealRecord((record as { state?: unknown }).state === 'sending' ? { ...(record as object), state: 'queued' } : record, seq, key)),
  );
  await store.seal(sealed, records.map(({ seq }) => seq));
  await store.removeKey(owner);
  return 'sealed';
}

/** Removes every record of `owner` (the user chose to discard them) and their key. */
export async function discardOwner(store: OutboxStore, owner: string): Promise<void> {
  await store.seal([], (await store.recordsOf(owner)).map(({ seq }) => seq));
  await store.removeKey(owner);
}

/**
 * At the start of `owner`'s session: keeps the key the API handed them (while they are signed in
 * here) and opens what was sealed for them. Returns how many entries came back. A record that this key
 * opens but that is not `owner`'s is left sealed (and counted as not opened).
 */
export async function openForOwner(store: OutboxStore, owner: string, handed: HandedKey): Promise<{ opened: number; refused: number }> {
  const key = await importHandedKey(owner, handed);
  await store.putKey(key);
  const sealed = await store.sealedWith(key.keyId);
  const opened: unknown[] = [];
  const ids: string[] = [];
  for (const record of sealed) {
    const value = await openSealed(record, key);
    if (typeof value !== 'object' || value === null || (value as { owner?: unknown }).owner !== owner) continue;
    const { seq: _seq, ...entry } = value as Record<string, unknown>;
    // An entry as it was; a record that did not read back comes back as it was too (shown, discardable).
    const parsed = v.safeParse(storedEntrySchema, { ...entry, seq: 0 });
    if (parsed.success) {
      const { seq: _numbered, ...checked } = parsed.output;
      opened.push(checked);
    } else opened.push(entry);
    ids.push(record.id);
  }
  await store.unseal(opened, ids);
  return { opened: ids.length, refused: sealed.length - ids.length };
}

/**
 * At a start of `current`: the entries of anyone else still in the clear (their session ended
 * without a logout: expired, storage cleared, the browser killed) are sealed with their key. Returns
 * the owners whose entries could not be sealed (no key on the device).
 */
export async function sealOthers(store: OutboxStore, current: string): Promise<string[]> {
  const unsealed: string[] = [];
  for (const owner of await store.owners()) {
    if (owner !== current && (await sealOwner(store, owner)) === 'no-key') unsealed.push(owner);
  }
  for (const owner of await store.keyOwners()) if (owner !== current) await store.removeKey(owner);
  return unsealed;
}
