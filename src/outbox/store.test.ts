import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { ENTRIES, MIGRATIONS, type OutboxMigration } from './schema.ts';
import { OutboxDatabaseBlocked, OutboxDatabaseUnavailable, OutboxStorageFull, OutboxStore, type StoreProblem } from './store.ts';
import { freshName, newEntry, eventually } from './test-support.ts';

function setup(name = freshName(), migrations?: readonly OutboxMigration[]) {
  const problems: StoreProblem[] = [];
  const store = new OutboxStore({ name, migrations, blockedWaitMs: 50, onProblem: (problem) => problems.push(problem) });
  return { name, store, problems };
}

describe('the outbox store', () => {
  it('keeps entries in the order they were queued, per owner, and stores a send said twice once', async () => {
    const { store } = setup();
    const first = await store.add(newEntry({ id: 'a', requestId: 'r1' }));
    await store.add(newEntry({ id: 'other-user', owner: 'staff-0003', requestId: 'r1' }));
    const again = await store.add(newEntry({ id: 'a-again', requestId: 'r1' }));
    await store.add(newEntry({ id: 'b', requestId: 'r2', app: 'erp' }));
    await store.add(newEntry({ id: 'c', requestId: 'r3' }));
    expect(again).toEqual(first);
    expect((await store.entriesOf('staff-0002')).entries.map((entry) => entry.id)).toEqual(['a', 'b', 'c']);
    expect((await store.entriesOf('staff-0002', 'pos')).entries.map((entry) => entry.id)).toEqual(['a', 'c']);
    expect((await store.waiting('staff-0002', 'pos')).map((entry) => entry.id)).toEqual(['a', 'c']);
    expect(await store.waitingApps('staff-0002')).toEqual(['pos', 'erp']);
    expect((await store.owners()).sort()).toEqual(['staff-0002', 'staff-0003']);
  });

  it('changes one entry in place and finds the ones still to send', async () => {
    const { store } = setup();
    await store.add(newEntry({ id: 'a' }));
    await store.add(newEntry({ id: 'b' }));
    expect(await store.update('a', { state: 'delivered', deliveredAt: 5 })).toMatchObject({ id: 'a', state: 'delivered' });
    expect((await store.waiting('staff-0002', 'pos')).map((entry) => entry.id)).toEqual(['b']);
    await store.remove({ id: 'b' });
    expect(await store.waiting('staff-0002', 'pos')).toEqual([]);
    expect(await store.update('gone', { state: 'failed' })).toBeNull();
  });

  it('a record that does not read back is kept and reported once, never sent', async () => {
    const { name, store, problems } = setup();
    await store.add(newEntry({ id: 'a' }));
    const db = await openDB(name);
    await db.add(ENTRIES, { ...newEntry({ id: 'broken' }), method: 'GET' });
    await db.add(ENTRIES, { nonsense: true });
    db.close();
    expect(await store.waiting('staff-0002', 'pos')).toEqual([expect.objectContaining({ id: 'a' })]);
    await store.remove({ id: 'a' });
    expect(await store.waiting('staff-0002', 'pos')).toEqual([]);
    const { unreadable } = await store.entriesOf('staff-0002');
    expect(unreadable).toEqual([{ unreadable: true, seq: 2, id: 'broken', app: 'pos' }]);
    expect(await store.strays()).toEqual([{ unreadable: true, seq: 3, id: null, app: null }]);
    expect(problems).toEqual([
      { kind: 'unreadable', store: ENTRIES, key: 2 },
      { kind: 'unreadable', store: ENTRIES, key: 3 },
    ]);
    // Only the user's own discard removes it.
    await store.remove({ seq: 2 });
    expect((await store.entriesOf('staff-0002')).unreadable).toEqual([]);
  });

  it('upgrades a database of the first version: its entries are kept and read in the current shape', async () => {
    const name = freshName();
    const v1 = await openDB(name, 1, { upgrade: (db, _old, _new, tx) => void MIGRATIONS[0]!(db, tx) });
    const { queuedOffline: _, ...firstShape } = newEntry({ id: 'from-v1' });
    await v1.add(ENTRIES, firstShape);
    v1.close();
    const { store, problems } = setup(name);
    expect(await store.waiting('staff-0002', 'pos')).toEqual([expect.objectContaining({ id: 'from-v1', queuedOffline: false })]);
    expect(await store.sealedWith('any-key')).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('an older tab holding the previous version: a named error until it lets go, nothing stored meanwhile', async () => {
    const name = freshName();
    const oldTab = await openDB(name, 1, { upgrade: (db, _old, _new, tx) => void MIGRATIONS[0]!(db, tx) });
    const { store, problems } = setup(name);
    await expect(store.add(newEntry({ id: 'a' }))).rejects.toBeInstanceOf(OutboxDatabaseBlocked);
    expect(problems).toEqual([{ kind: 'blocked' }]);
    oldTab.close();
    await eventually(async () => expect(await store.add(newEntry({ id: 'b' }))).toMatchObject({ id: 'b' }));
    expect((await store.entriesOf('staff-0002')).entries.map((entry) => entry.id)).toEqual(['b']);
  });

  it('lets a newer release upgrade, and then names the database unavailable to this older one', async () => {
    const { name, store, problems } = setup();
    await store.add(newEntry({ id: 'a' }));
    const newer = await openDB(name, MIGRATIONS.length + 1, { upgrade: (db) => void db.createObjectStore('later') });
    newer.close();
    await expect(store.add(newEntry({ id: 'b' }))).rejects.toBeInstanceOf(OutboxDatabaseUnavailable);
    expect(problems.map((problem) => problem.kind)).toEqual(['unavailable']);
  });

  it('a full disk is a named error and stores nothing', async () => {
    const { store } = setup();
    await store.add(newEntry({ id: 'a' }));
    const add = vi.spyOn(IDBObjectStore.prototype, 'add').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    await expect(store.add(newEntry({ id: 'b' }))).rejects.toBeInstanceOf(OutboxStorageFull);
    add.mockRestore();
    expect((await store.entriesOf('staff-0002')).entries.map((entry) => entry.id)).toEqual(['a']);
  });

  it('keeps the worker’s credential: the access token only, and an unreadable one is dropped', async () => {
    const { name, store } = setup();
    await store.putCredential({ owner: 'staff-0002', accessToken: 'at', expiresAt: 10 });
    expect(await store.credential()).toEqual({ name: 'worker', owner: 'staff-0002', accessToken: 'at', expiresAt: 10 });
    const db = await openDB(name);
    await db.put('credentials', { name: 'worker', owner: 'staff-0002', refresh_token: 'rt' });
    db.close();
    expect(await store.credential()).toBeNull();
    expect(await store.credential()).toBeNull();
  });

  it('forgets a refused credential only while it is still the one stored', async () => {
    const { store } = setup();
    await store.putCredential({ owner: 'staff-0002', accessToken: 'newer', expiresAt: 10 });
    await store.forgetRefused('refused');
    expect(await store.credential()).toMatchObject({ accessToken: 'newer' });
    await store.forgetRefused('newer');
    expect(await store.credential()).toBeNull();
  });
});
