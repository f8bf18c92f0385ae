import { User, type UserManager } from 'oidc-client-ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { corruptSessionEntries } from '../../dev/testing/corrupt-session-entries.ts';
import { Tracker, type TrackingBatch } from '../api/tracking.ts';
import { createStateStore, createUserStore, isStoredUser } from './stored-entries.ts';
import { createUserManager } from './user-manager.ts';

const oidc = { authority: 'http://id.test', clientId: 'staff-portal', scope: 'openid', domain: 'test' };
const USER_KEY = 'oidc.user:http://id.test:staff-portal';
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const validUser = () => ({
  id_token: 'id',
  access_token: 'at',
  refresh_token: 'rt',
  token_type: 'Bearer',
  scope: 'openid',
  profile: { sub: 'staff-0002', name: 'Ngân' },
  expires_at: inAnHour(),
});

const CORRUPT = corruptSessionEntries(validUser);

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the oidc-client-ts user entry', () => {
  it.each(CORRUPT)('%s is discarded: the library sees no user, so sign-in starts again', async (_name, entry) => {
    localStorage.setItem(USER_KEY, entry());
    const manager = createUserManager(oidc);
    await expect(manager.getUser()).resolves.toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
  });

  it('a valid entry is the signed-in user', async () => {
    localStorage.setItem(USER_KEY, JSON.stringify(validUser()));
    const user = await createUserManager(oidc).getUser();
    expect(user?.profile.sub).toBe('staff-0002');
    expect(user?.expired).toBe(false);
    expect(localStorage.getItem(USER_KEY)).not.toBeNull();
  });

  it('what the library stores after sign-in reads back as valid', async () => {
    const manager: UserManager = createUserManager(oidc);
    const profile = { ...validUser().profile, iss: 'http://id.test', aud: 'staff-portal', exp: inAnHour(), iat: 0 };
    await manager.storeUser(new User({ ...validUser(), profile, session_state: null }));
    expect(isStoredUser(localStorage.getItem(USER_KEY)!)).toBe(true);
    expect((await manager.getUser())?.access_token).toBe('at');
  });

  it('a discarded entry is reported to tracking once a tracker runs, without its content', async () => {
    new Tracker(async () => undefined).start()(); // takes the reports of the cases above
    localStorage.setItem(USER_KEY, '"secret-looking value"');
    await createUserStore().get('user:http://id.test:staff-portal');
    const sent: TrackingBatch[] = [];
    const tracker = new Tracker(async (batch) => sent.push(batch));
    const stop = tracker.start();
    await tracker.flush();
    stop();
    expect(sent[0]?.events).toEqual([
      expect.objectContaining({ type: 'custom', name: 'storage_invalid', properties: { key: USER_KEY, reason: 'not a valid oidc-client-ts entry', length: 22 } }),
    ]);
    expect(JSON.stringify(sent)).not.toContain('secret-looking');
  });
});

describe('the sign-in state entries', () => {
  it('keeps valid ones, discards corrupt ones, lists and removes by key', async () => {
    const store = createStateStore();
    await store.set('abc', JSON.stringify({ id: 'abc', created: 1, code_verifier: 'v' }));
    localStorage.setItem('oidc.state.bad', '[]');
    expect(await store.getAllKeys()).toEqual(expect.arrayContaining(['abc', 'bad']));
    expect(await store.get('bad')).toBeNull();
    expect(localStorage.getItem('oidc.state.bad')).toBeNull();
    expect(JSON.parse((await store.remove('abc'))!)).toMatchObject({ id: 'abc' });
    expect(await store.getAllKeys()).toEqual([]);
  });
});
