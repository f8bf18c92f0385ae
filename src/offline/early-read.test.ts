import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { beginEarlyRead, CACHE_STORE, readRecordEarly, takeEarlyRead } from './early-read.ts';

let databases = 0;
const freshName = () => `early-read-test-${++databases}`;

async function withRecord(name: string, record: unknown): Promise<void> {
  const database = await openDB(name, 1, { upgrade: (db) => void db.createObjectStore(CACHE_STORE, { keyPath: 'name' }) });
  await database.put(CACHE_STORE, record);
  database.close();
}

describe('readRecordEarly', () => {
  it('gives the stored record as it is, unchecked', async () => {
    const name = freshName();
    await withRecord(name, { name: 'snapshot', value: { anything: true }, savedAt: 5 });
    expect(await readRecordEarly('snapshot', name)).toEqual({ kind: 'found', raw: { name: 'snapshot', value: { anything: true }, savedAt: 5 } });
  });

  it('reads a record that is not there as absent', async () => {
    const name = freshName();
    await withRecord(name, { name: 'flags', value: {}, savedAt: 1 });
    expect(await readRecordEarly('snapshot', name)).toEqual({ kind: 'absent' });
  });

  it('without a database, reads absent and creates none: the cache creates it with its migrations', async () => {
    const name = freshName();
    expect(await readRecordEarly('snapshot', name)).toEqual({ kind: 'absent' });
    let upgradedFrom: number | null = null;
    const database = await openDB(name, 1, { upgrade: (_db, oldVersion) => void (upgradedFrom = oldVersion) });
    database.close();
    expect(upgradedFrom).toBe(0);
  });

  it('leaves the connection closed, so a newer version can be opened at once', async () => {
    const name = freshName();
    await withRecord(name, { name: 'snapshot', value: 1, savedAt: 1 });
    await readRecordEarly('snapshot', name);
    const blocked = await new Promise<boolean>((resolve) => {
      const request = indexedDB.open(name, 2);
      request.onblocked = () => resolve(true);
      request.onsuccess = () => {
        request.result.close();
        resolve(false);
      };
    });
    expect(blocked).toBe(false);
  });

  it('fails, for the cache to read the usual way, on a database without the store or without IndexedDB', async () => {
    const name = freshName();
    (await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('other') })).close();
    expect(await readRecordEarly('snapshot', name)).toEqual({ kind: 'failed' });
    expect(await readRecordEarly('snapshot', name, () => undefined)).toEqual({ kind: 'failed' });
    const refusing = { open: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as IDBFactory;
    expect(await readRecordEarly('snapshot', name, () => refusing)).toEqual({ kind: 'failed' });
    // Where storage is denied, reading `indexedDB` itself throws: still a failed read, never a throw.
    const denied = () => {
      throw new DOMException('access denied', 'SecurityError');
    };
    expect(await readRecordEarly('snapshot', name, denied)).toEqual({ kind: 'failed' });
  });
});

describe('the early read handed from the boot step to the app', () => {
  it('is taken once, and is none when the boot step began none', async () => {
    expect(takeEarlyRead('flags')).toBeNull();
    beginEarlyRead('snapshot');
    const read = takeEarlyRead('snapshot');
    expect(read).not.toBeNull();
    await read;
    expect(takeEarlyRead('snapshot')).toBeNull();
  });
});
