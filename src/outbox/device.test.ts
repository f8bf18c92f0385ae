import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { discardOwner, openForOwner, sealOthers, sealOwner } from './device.ts';
import { ENTRIES } from './schema.ts';
import { OutboxStore } from './store.ts';
import { freshName, newEntry } from './test-support.ts';

/** What the API hands each user (dev/api's keys have the same shape). */
const keyOf = (letter: string) => ({ keyId: `key-id-of-${letter}-0123456789`, key: letter.repeat(43) });
const CASHIER = keyOf('c');
const PICKER = keyOf('p');

async function setup() {
  const name = freshName();
  const store = new OutboxStore({ name, onProblem: () => undefined });
  /** Everything the database holds, as text (what a script of the next person could read). */
  const dump = async () => {
    const db = await openDB(name);
    const all = await Promise.all([...db.objectStoreNames].map(async (storeName) => JSON.stringify(await db.getAll(storeName))));
    db.close();
    return all.join('\n');
  };
  return { name, store, dump };
}

describe('whose entries the device holds', () => {
  it('seals a user’s entries at logout: nothing readable stays, and their next sign-in gets them back in order', async () => {
    const { store, dump } = await setup();
    await openForOwner(store, 'staff-0002', CASHIER);
    await store.add(newEntry({ id: 'a', body: '{"customer":"Nguyễn Văn A"}' }));
    await store.add(newEntry({ id: 'b', state: 'sending', attempts: 1 }));
    await store.add(newEntry({ id: 'c', state: 'failed', problem: { reason: 'refused', status: 422, retryAt: null } }));
    await store.add(newEntry({ id: 'done', state: 'delivered' }));
    await store.add(newEntry({ id: 'picker-1', owner: 'staff-0003' }));

    expect(await sealOwner(store, 'staff-0002')).toBe('sealed');
    const left = await dump();
    for (const trace of ['staff-0002', 'Nguyễn Văn A', 'key-a', 'request-c']) expect(left).not.toContain(trace);
    expect((await store.entriesOf('staff-0002')).entries).toEqual([]);
    expect(await store.keyOf('staff-0002')).toBeNull();
    // The picker's own entry is untouched.
    expect((await store.entriesOf('staff-0003')).entries.map((entry) => entry.id)).toEqual(['picker-1']);

    // Another person's key opens nothing of the cashier's.
    expect(await openForOwner(store, 'staff-0003', PICKER)).toEqual({ opened: 0, refused: 0 });
    expect((await store.entriesOf('staff-0003')).entries.map((entry) => entry.id)).toEqual(['picker-1']);

    expect(await openForOwner(store, 'staff-0002', CASHIER)).toEqual({ opened: 3, refused: 0 });
    const back = (await store.entriesOf('staff-0002')).entries;
    expect(back.map((entry) => [entry.id, entry.state, entry.idempotencyKey])).toEqual([
      ['a', 'queued', 'key-a'],
      ['b', 'queued', 'key-b'], // a try under way at logout is tried again, with its key
      ['c', 'failed', 'key-c'],
    ]);
    expect(await store.sealedWith(CASHIER.keyId)).toEqual([]);
  });

  it('without the user’s key on the device nothing can be sealed, and nothing is removed', async () => {
    const { store } = await setup();
    await store.add(newEntry({ id: 'a' }));
    expect(await sealOwner(store, 'staff-0002')).toBe('no-key');
    expect((await store.entriesOf('staff-0002')).entries).toHaveLength(1);
  });

  it('seals with the record as it is: one that does not read back comes back as it was', async () => {
    const { name, store } = await setup();
    await openForOwner(store, 'staff-0002', CASHIER);
    const db = await openDB(name);
    await db.add(ENTRIES, { ...newEntry({ id: 'broken' }), method: 'GET' });
    db.close();
    await sealOwner(store, 'staff-0002');
    expect((await store.entriesOf('staff-0002')).unreadable).toEqual([]);
    await openForOwner(store, 'staff-0002', CASHIER);
    expect((await store.entriesOf('staff-0002')).unreadable).toEqual([expect.objectContaining({ id: 'broken' })]);
  });

  it('at the next person’s start, entries another session left in the clear are sealed with their owner’s key', async () => {
    const { store } = await setup();
    await openForOwner(store, 'staff-0002', CASHIER);
    await store.add(newEntry({ id: 'a' }));
    await store.add(newEntry({ id: 'nobody-knows', owner: 'staff-0009' }));
    expect(await sealOthers(store, 'staff-0003')).toEqual(['staff-0009']);
    expect(await store.owners()).toEqual(['staff-0009']);
    expect(await store.keyOwners()).toEqual([]);
    await openForOwner(store, 'staff-0002', CASHIER);
    expect((await store.entriesOf('staff-0002')).entries.map((entry) => entry.id)).toEqual(['a']);
  });

  it('discards every entry of a user, and their key', async () => {
    const { store } = await setup();
    await openForOwner(store, 'staff-0002', CASHIER);
    await store.add(newEntry({ id: 'a' }));
    await discardOwner(store, 'staff-0002');
    expect(await store.owners()).toEqual([]);
    expect(await store.keyOf('staff-0002')).toBeNull();
  });
});
