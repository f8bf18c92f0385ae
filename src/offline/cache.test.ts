import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { createCache, MIGRATIONS, stripTokens, type CacheProblem, type Migration } from './cache.ts';

const menuSchema = v.array(v.object({ path: v.string(), name: v.string() }));
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

let databases = 0;
function setup(migrations?: readonly Migration[]) {
  const name = `cache-test-${++databases}`;
  const problems: CacheProblem[] = [];
  const cache = createCache({ name, migrations, onProblem: (problem) => problems.push(problem) });
  return { name, cache, problems, kinds: () => problems.map((problem) => problem.kind) };
}

/** A later release that adds a store: its tabs ask for version 2. */
const nextRelease: readonly Migration[] = [...MIGRATIONS, (database) => void database.createObjectStore('extra')];

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('offline cache', () => {
  it('reads back what it wrote, with the time it was saved', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const { cache, problems } = setup();
    await cache.write('snapshot', [{ path: '/', name: 'Home' }]);
    expect(await cache.read('snapshot', menuSchema)).toEqual({
      value: [{ path: '/', name: 'Home' }],
      savedAt: Date.parse('2030-01-01T00:00:00Z'),
    });
    expect(await cache.read('flags', isStringList)).toBeUndefined();
    expect(problems).toEqual([]);
    vi.useRealTimers();
  });

  it('never stores tokens, at any depth', async () => {
    const { name, cache, kinds } = setup();
    await cache.write('snapshot', {
      access_token: 'a',
      refresh_token: 'r',
      id_token: 'i',
      profile: { sub: 'u1', name: 'Lan', nested: [{ accessToken: 'x', keep: 1 }] },
    });
    const db = await openDB(name);
    const stored = JSON.stringify(await db.get('records', 'snapshot'));
    db.close();
    expect(stored).not.toMatch(/token/i);
    expect(stored).toContain('"sub":"u1"');
    expect(kinds()).toEqual(['tokensStripped']);
  });

  it('strips tokens from class instances such as a signed-in User, and keeps built-in values', () => {
    class SignedInUser {
      access_token = 'secret';
      profile = { sub: 'u1' };
    }
    const when = new Date(0);
    expect(stripTokens({ user: new SignedInUser(), when, a: [1, { idToken: 'x', b: null }] })).toEqual({
      value: { user: { profile: { sub: 'u1' } }, when, a: [1, { b: null }] },
      found: true,
    });
    expect(stripTokens('text')).toEqual({ value: 'text', found: false });
  });

  it.each([
    ['no value', { name: 'snapshot', savedAt: 1 }],
    ['no savedAt', { name: 'snapshot', value: [] }],
    ['a savedAt that is not a time', { name: 'snapshot', value: [], savedAt: 'yesterday' }],
  ])('deletes a corrupt record (%s) and reads it as absent', async (_, corrupt) => {
    const { name, cache, kinds } = setup();
    await cache.write('flags', ['warm up: creates the database']);
    const db = await openDB(name);
    await db.put('records', corrupt);
    db.close();
    expect(await cache.read('snapshot', menuSchema)).toBeUndefined();
    expect(kinds()).toEqual(['discarded']);
    const check = await openDB(name);
    expect(await check.get('records', 'snapshot')).toBeUndefined();
    check.close();
  });

  it('deletes a record of the wrong shape, with a valibot schema or a type guard', async () => {
    const { cache, kinds } = setup();
    await cache.write('snapshot', [{ path: 1 }]);
    await cache.write('flags', [1, 2]);
    expect(await cache.read('snapshot', menuSchema)).toBeUndefined();
    expect(await cache.read('flags', isStringList)).toBeUndefined();
    expect(kinds()).toEqual(['discarded', 'discarded']);
    // Deleted, so a lenient reader finds nothing either.
    expect(await cache.read('snapshot', (_value): _value is unknown => true)).toBeUndefined();
  });

  it('takes up a read the boot step began: checked like its own, and read again when that one failed', async () => {
    const { cache, kinds } = setup();
    const record = (value: unknown) => ({ name: 'snapshot', value, savedAt: 7 });
    expect(await cache.readFrom('snapshot', menuSchema, Promise.resolve({ kind: 'found', raw: record([{ path: '/', name: 'Home' }]) }))).toEqual({
      value: [{ path: '/', name: 'Home' }],
      savedAt: 7,
    });
    expect(await cache.readFrom('snapshot', menuSchema, Promise.resolve({ kind: 'absent' }))).toBeUndefined();
    await cache.write('snapshot', [{ path: '/a', name: 'A' }]);
    expect(await cache.readFrom('snapshot', menuSchema, Promise.resolve({ kind: 'failed' }))).toMatchObject({ value: [{ path: '/a', name: 'A' }] });
    // A record of the wrong shape is reported and deleted from the database, as by read().
    expect(await cache.readFrom('snapshot', menuSchema, Promise.resolve({ kind: 'found', raw: record('not a menu') }))).toBeUndefined();
    expect(kinds()).toEqual(['discarded']);
    expect(await cache.read('snapshot', menuSchema)).toBeUndefined();
  });

  it('reports a full disk and keeps working', async () => {
    const { cache, problems } = setup();
    await cache.write('flags', ['kept']);
    const put = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(cache.write('snapshot', [{ path: '/', name: 'Home' }])).resolves.toBeUndefined();
    put.mockRestore();
    expect(problems).toEqual([expect.objectContaining({ kind: 'quota', name: 'snapshot' })]);
    expect(await cache.read('snapshot', menuSchema)).toBeUndefined();
    expect((await cache.read('flags', isStringList))?.value).toEqual(['kept']);
  });

  it('reports other write failures without throwing', async () => {
    const { cache, kinds } = setup();
    await cache.write('flags', { check: () => true }); // functions cannot be cloned
    expect(kinds()).toEqual(['writeFailed']);
  });

  it('clear() forgets every record, and logout calls it', async () => {
    const { cache } = setup();
    await cache.write('snapshot', []);
    await cache.write('flags', ['a']);
    const { onLogout, Session } = await import('../session/session.ts');
    // As the composition root registers it (app/composition.ts).
    const unregister = onLogout(() => cache.clear());
    const manager = {
      events: { addAccessTokenExpiring: vi.fn(), addAccessTokenExpired: vi.fn() },
      getUser: vi.fn().mockResolvedValue(null),
      removeUser: vi.fn().mockResolvedValue(undefined),
      signoutRedirect: vi.fn().mockResolvedValue(undefined),
    };
    await new Session({ loadLibrary: async () => ({ manager: manager as never, isRefusal: () => false, signInInPlace: vi.fn() }), storedUser: () => null, forgetUser: () => undefined }).logout();
    unregister();
    expect(await cache.read('snapshot', menuSchema)).toBeUndefined();
    expect(await cache.read('flags', isStringList)).toBeUndefined();
  });

  it('works in memory when IndexedDB is missing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const { cache, kinds } = setup();
    await cache.write('flags', ['a']);
    expect((await cache.read('flags', isStringList))?.value).toEqual(['a']);
    await cache.clear();
    expect(await cache.read('flags', isStringList)).toBeUndefined();
    expect(kinds()).toEqual(['unavailable']);
  });

  it('works in memory when opening is refused', async () => {
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const { cache, kinds } = setup();
    await cache.write('snapshot', []);
    expect((await cache.read('snapshot', menuSchema))?.value).toEqual([]);
    expect(kinds()).toEqual(['unavailable']);
  });

  describe('upgrades across tabs', () => {
    it('blocked by an old tab: runs in memory, then moves the records in once the old tab lets go', async () => {
      const name = `cache-test-${++databases}`;
      // The old tab's build does not close its connection when asked.
      const oldTab = await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('records', { keyPath: 'name' }) });
      const problems: string[] = [];
      const newTab = createCache({ name, migrations: nextRelease, onProblem: (problem) => problems.push(problem.kind) });

      await newTab.write('flags', ['written while blocked']);
      expect(problems).toEqual(['blocked']);
      expect((await newTab.read('flags', isStringList))?.value).toEqual(['written while blocked']);

      oldTab.close();
      await vi.waitFor(async () => {
        const db = await openDB(name);
        try {
          expect(db.version).toBe(2);
          expect((await db.get('records', 'flags'))?.value).toEqual(['written while blocked']);
        } finally {
          db.close();
        }
      });
      expect((await newTab.read('flags', isStringList))?.value).toEqual(['written while blocked']);
    });

    it('a logout while blocked still clears the database once it opens', async () => {
      const name = `cache-test-${++databases}`;
      const oldTab = await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('records', { keyPath: 'name' }) });
      await oldTab.put('records', { name: 'user', value: { sub: 'previous user' }, savedAt: 1 });
      const newTab = createCache({ name, migrations: nextRelease, onProblem: () => {} });

      await newTab.clear();
      await newTab.write('flags', ['next user']);
      oldTab.close();
      await vi.waitFor(async () => {
        const db = await openDB(name);
        try {
          expect(db.version).toBe(2);
          expect(await db.getAllKeys('records')).toEqual(['flags']);
        } finally {
          db.close();
        }
      });
    });

    it('blocking a new tab: closes its connection so the upgrade proceeds, then falls back to memory', async () => {
      const { name, cache: oldTab, kinds } = setup();
      await oldTab.write('snapshot', [{ path: '/', name: 'Home' }]);

      const newTabProblems: string[] = [];
      const newTab = createCache({ name, migrations: nextRelease, onProblem: (problem) => newTabProblems.push(problem.kind) });
      expect((await newTab.read('snapshot', menuSchema))?.value).toEqual([{ path: '/', name: 'Home' }]);
      expect(newTabProblems).toEqual([]);

      // The old tab's version is now too old to open: it keeps working in memory.
      expect(await oldTab.read('snapshot', menuSchema)).toBeUndefined();
      await oldTab.write('flags', ['old tab']);
      expect((await oldTab.read('flags', isStringList))?.value).toEqual(['old tab']);
      expect(kinds()).toEqual(['closedForUpgrade', 'unavailable']);
      expect(await newTab.read('flags', isStringList)).toBeUndefined();
    });
  });
});

describe('offline cache problems by default', () => {
  it('are reported to tracking (kind and record, never a value) besides the console', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { Tracker } = await import('../api/tracking.ts');
    const name = 'cache-default-problems';
    const cache = createCache({ name });
    await cache.write('snapshot', { id: 'not a number' });
    const sent: Array<{ events: Array<{ name: string; properties?: Record<string, unknown> }> }> = [];
    const tracker = new Tracker(async (batch) => sent.push(batch));
    const stop = tracker.start();
    expect(await cache.read('snapshot', v.object({ id: v.number() }))).toBeUndefined();
    await tracker.flush();
    stop();
    expect(sent[0]?.events).toEqual([expect.objectContaining({ name: 'offline_cache_problem', properties: { kind: 'discarded', record: 'snapshot' } })]);
    const database = await openDB(name);
    expect(await database.get('records', 'snapshot')).toBeUndefined();
    database.close();
  });
});
