import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { parsePendingReports } from './problems.ts';
import { storedPlatform, storedSellerId, storedSiteId } from '../context/choices.ts';
import { storedLanguage } from '../i18n/languages.ts';
import { createCache, RECORD_NAMES } from '../offline/cache.ts';
import { readStoredMode } from '../offline/mode.ts';
import { storedPushRegistration } from '../push/register-push.ts';
import { storedPushToken } from '../push/token.ts';
import { createUserStore, isStoredUser } from '../session/stored-entries.ts';
import { readUnconfirmedLogout } from '../session/unconfirmed-logout.ts';
import { createUserManager } from '../session/user-manager.ts';
import { storedSidebarCollapsed } from '../shell/ShellLayout.tsx';
import { readLastActivity, readShift } from '../shared-device/shift.ts';
import { isFrameFirstRecord } from '../start/frame-first/rules.ts';
import { isOpens } from '../frames/warm.ts';
import { readStored, STORAGE_KEYS, type StorageKey } from './local.ts';

/**
 * Generated garbage under every key the portal reads: each reader returns a valid value
 * or nothing, never throws, and leaves no invalid value behind for the next start.
 */

const isId = (value: unknown) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** Each key's reader and what a valid answer is, written independently of the readers' guards. */
interface Reader {
  read: () => unknown;
  valid: (value: unknown) => boolean;
  /** What may stay stored, when the reader maps it (default: `valid`). */
  validStored?: (value: unknown) => boolean;
}
const READERS: Record<StorageKey, Reader | 'written, never read'> = {
  language: { read: storedLanguage, valid: (value) => value === 'vi' || value === 'en' },
  sidebarCollapsed: { read: storedSidebarCollapsed, valid: (value) => typeof value === 'boolean' },
  onlineMode: { read: readStoredMode, valid: (value) => value === 'online' || value === 'offline', validStored: (value) => typeof value === 'boolean' },
  platform: {
    read: storedPlatform,
    valid: (value) => {
      const platform = value as { id?: unknown; name?: unknown } | null;
      return typeof platform === 'object' && platform !== null && isId(platform.id) && typeof platform.name === 'string';
    },
  },
  seller: { read: storedSellerId, valid: isId },
  site: { read: storedSiteId, valid: isId },
  pushToken: { read: storedPushToken, valid: (value) => typeof value === 'string' && value.length > 0 && !/\s/.test(value) },
  frameFirst: {
    read: () => readStored('frameFirst', isFrameFirstRecord),
    valid: (value) => {
      const record = value as Record<string, unknown> | null;
      return typeof record === 'object' && record !== null && typeof record.sub === 'string' && record.sub !== '' && Array.isArray(record.frames);
    },
  },
  frameOpens: {
    read: () => readStored('frameOpens', isOpens),
    valid: (value) => {
      const opens = value as { sub?: unknown; routes?: unknown } | null;
      const routes = Object.entries((opens?.routes ?? null) as Record<string, unknown>);
      return typeof opens?.sub === 'string' && routes.length <= 50 && routes.every(([path, count]) => path.startsWith('/') && isId(count));
    },
  },
  shift: {
    read: readShift,
    valid: (value) => {
      const shift = value as Record<string, unknown> | null;
      const pin = shift?.pin as Record<string, unknown> | null | undefined;
      return (
        typeof shift === 'object' &&
        shift !== null &&
        typeof shift.sub === 'string' &&
        shift.sub !== '' &&
        (pin === null || (typeof pin === 'object' && typeof pin.salt === 'string' && typeof pin.hash === 'string' && Number.isInteger(pin.iterations))) &&
        typeof shift.pinOffered === 'boolean' &&
        Number.isInteger(shift.triesLeft) &&
        (shift.triesLeft as number) >= 0 &&
        (shift.lockedAt === null || typeof shift.lockedAt === 'number') &&
        typeof shift.lockAfterMs === 'number' &&
        shift.lockAfterMs >= 0
      );
    },
  },
  shiftActivity: { read: readLastActivity, valid: (value) => typeof value === 'number' && Number.isFinite(value) && value >= 0 },
  unconfirmedLogout: { read: readUnconfirmedLogout, valid: (value) => typeof value === 'object' && value !== null && typeof (value as { since?: unknown }).since === 'number' },
  // Written for frames and push registration only; nothing reads it back.
  notificationAppId: 'written, never read',
  pushRegistration: {
    read: storedPushRegistration,
    valid: (value) => {
      const state = value as Record<string, unknown> | null;
      return typeof state === 'object' && state !== null && ['token', 'appId', 'userId'].every((key) => typeof state[key] === 'string') && typeof state.success === 'boolean';
    },
  },
};

/** Raw text as it may sit in storage: any JSON, near-misses of each key's shape, non-JSON, big values. */
const near = fc.constantFrom('-1', '0', '1.5', '1e300', 'NaN', '"2"', '"vi "', '"EN"', 'null', '[]', '{}', '{"id":0,"name":"x"}', '{"id":"1","name":"x"}', '"a b"', '""');
const rawValue = fc.oneof(
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  near,
  fc.integer().map(String),
  fc.double().map(String),
  fc.record({ id: fc.anything(), name: fc.anything(), code: fc.anything() }).map((value) => JSON.stringify(value) ?? 'undefined'),
  fc.record({ token: fc.anything(), appId: fc.anything(), userId: fc.anything(), success: fc.anything() }).map((value) => JSON.stringify(value) ?? 'undefined'),
  fc
    .record({ sub: fc.oneof(fc.string(), fc.anything()), pin: fc.oneof(fc.constant(null), fc.anything()), pinOffered: fc.anything(), triesLeft: fc.oneof(fc.integer(), fc.anything()), lockedAt: fc.anything(), lockAfterMs: fc.anything() })
    .map((value) => JSON.stringify(value) ?? 'undefined'),
  fc.record({ sub: fc.anything(), routes: fc.oneof(fc.dictionary(fc.string(), fc.oneof(fc.integer(), fc.anything())), fc.anything()) }).map((value) => JSON.stringify(value) ?? 'undefined'),
  fc.string({ minLength: 10_000, maxLength: 20_000 }),
);

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('every localStorage key the portal reads, under generated garbage', () => {
  it('lists a reader (or says why none) for every key', () => {
    expect(Object.keys(READERS).sort()).toEqual(Object.keys(STORAGE_KEYS).sort());
  });

  for (const [key, reader] of Object.entries(READERS) as Array<[StorageKey, (typeof READERS)[StorageKey]]>) {
    if (reader === 'written, never read') continue;
    it(`${key}: a valid value or nothing, never a throw; an invalid value does not stay`, () => {
      fc.assert(
        fc.property(rawValue, (raw) => {
          localStorage.setItem(STORAGE_KEYS[key], raw);
          const value = reader.read();
          if (value !== undefined) expect(reader.valid(value), `${raw.slice(0, 80)} → ${JSON.stringify(value)}`).toBe(true);
          const left = localStorage.getItem(STORAGE_KEYS[key]);
          if (left !== null) expect((reader.validStored ?? reader.valid)(JSON.parse(left))).toBe(true);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('a stored value that is valid reads back as itself', () => {
    const valid = fc.oneof(
      fc.record({ key: fc.constant('seller' as const), value: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }) }),
      fc.record({ key: fc.constant('site' as const), value: fc.integer({ min: 1, max: 1e9 }) }),
      fc.record({ key: fc.constant('platform' as const), value: fc.record({ id: fc.integer({ min: 1, max: 1e6 }), name: fc.string() }) }),
      fc.record({ key: fc.constant('language' as const), value: fc.constantFrom('vi', 'en') }),
      fc.record({ key: fc.constant('sidebarCollapsed' as const), value: fc.boolean() }),
      fc.record({
        key: fc.constant('shift' as const),
        value: fc.record({
          sub: fc.string({ minLength: 1 }),
          pin: fc.option(fc.record({ salt: fc.base64String({ minLength: 4 }), hash: fc.base64String({ minLength: 4 }), iterations: fc.integer({ min: 1 }) }), { nil: null }),
          pinOffered: fc.boolean(),
          triesLeft: fc.nat(10),
          lockedAt: fc.option(fc.nat(), { nil: null }),
          lockAfterMs: fc.nat(),
        }),
      }),
      fc.record({ key: fc.constant('shiftActivity' as const), value: fc.nat() }),
      fc.record({ key: fc.constant('frameOpens' as const), value: fc.record({ sub: fc.string(), routes: fc.dictionary(fc.string().map((path) => `/${path}`), fc.integer({ min: 1, max: 1e9 }), { maxKeys: 50 }) }) }),
    );
    fc.assert(
      fc.property(valid, ({ key, value }) => {
        localStorage.setItem(STORAGE_KEYS[key], JSON.stringify(value));
        expect((READERS[key] as Reader).read()).toEqual(value);
      }),
    );
  });
});

describe('the oidc-client-ts user entry under generated garbage', () => {
  const oidc = { authority: 'http://id.test', clientId: 'staff-portal', scope: 'openid', domain: 'test' };
  const key = 'user:http://id.test:staff-portal';
  const userLike = fc.record(
    {
      access_token: fc.oneof(fc.string(), fc.anything()),
      expires_at: fc.oneof(fc.integer(), fc.double(), fc.anything()),
      profile: fc.oneof(fc.record({ sub: fc.oneof(fc.string(), fc.anything()) }, { requiredKeys: [] }), fc.anything()),
      refresh_token: fc.anything(),
    },
    { requiredKeys: [] },
  );
  const entry = fc.oneof(rawValue, userLike.map((value) => JSON.stringify(value) ?? 'undefined'));

  it('the store answers nothing or a valid user; the library then has no user or one with a profile', async () => {
    await fc.assert(
      fc.asyncProperty(entry, async (raw) => {
        localStorage.setItem(`oidc.${key}`, raw);
        const stored = await createUserStore().get(key);
        if (stored !== null) expect(isStoredUser(stored)).toBe(true);
        localStorage.setItem(`oidc.${key}`, raw);
        const user = await createUserManager(oidc).getUser();
        if (user) expect(typeof user.profile.sub === 'string' && user.profile.sub.length > 0 && Number.isFinite(user.expires_at)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the waiting tracking reports (sessionStorage) under generated garbage', () => {
  it('parse to a list of custom events, never a throw', () => {
    fc.assert(
      fc.property(fc.oneof(rawValue, fc.constant(null)), (raw) => {
        const events = parsePendingReports(raw);
        expect(Array.isArray(events)).toBe(true);
        for (const event of events) expect(event).toMatchObject({ type: 'custom', name: expect.any(String), at: expect.any(String) });
      }),
      { numRuns: 300 },
    );
  });
});

describe('the IndexedDB cache under generated records', () => {
  it('reads a valid value or nothing, never rejects, and deletes what it discards', async () => {
    const name = 'readers-property-cache';
    const cache = createCache({ name, onProblem: () => undefined });
    await cache.read('snapshot', v.unknown()); // opens and creates the store
    const database = await openDB(name);
    const schema = v.object({ id: v.number(), name: v.string() });
    const record = fc.oneof(
      fc.anything(),
      fc.record({ value: fc.anything(), savedAt: fc.oneof(fc.double(), fc.anything()) }, { requiredKeys: [] }),
      fc.record({ value: fc.record({ id: fc.anything(), name: fc.anything() }), savedAt: fc.integer() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...RECORD_NAMES), record, async (recordName, value) => {
        const stored = value !== null && typeof value === 'object' && !Array.isArray(value) ? { ...value, name: recordName } : { name: recordName, value };
        await database.put('records', stored);
        const read = await cache.read(recordName, schema);
        if (read) expect(v.safeParse(schema, read.value).success && Number.isFinite(read.savedAt)).toBe(true);
        else expect(await database.get('records', recordName)).toBeUndefined();
      }),
      { numRuns: 150 },
    );
    database.close();
  });
});
