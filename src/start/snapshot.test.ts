import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createCache, type CacheProblem } from '../offline/cache.ts';
import { matchesChoices, readSnapshot, readStoredSnapshot, saveSnapshot, snapshotFromRecord } from './snapshot.ts';
import { shellContext } from './startup.ts';
import type { ShellParts } from '../context/shell.ts';
import { portalUser, seller, shellParts } from './testing.ts';

const HOUR = 3_600_000;
let databases = 0;
function freshCache() {
  const problems: CacheProblem[] = [];
  return { cache: createCache({ name: `snapshot-test-${++databases}`, onProblem: (problem) => problems.push(problem) }), problems };
}

/** A picker of sellers 2 and 3 at site 5 of 5 and 6. */
const parts = (overrides: Partial<ShellParts> = {}): ShellParts =>
  shellParts({
    user: portalUser({ sub: 'picker-1', permissions: ['warehouse:picking:read'], sellerClaim: { kind: 'ids', ids: [2, 3] }, siteIds: [5, 6] }),
    flags: { epic: true },
    sellers: [seller(2), seller(3)],
    websites: [{ type: 'WEB', tempiWebsiteId: 7 }],
    upgradeWindows: [{ pathPrefix: '/warehousing', from: '2030-01-01T00:00:00+07:00', to: '2030-01-01T02:00:00+07:00', service: 'WMS' }],
    ...overrides,
  });

const read = (cache: ReturnType<typeof freshCache>['cache'], options: Partial<Parameters<typeof readSnapshot>[1]> = {}) =>
  readSnapshot(cache, { sub: 'picker-1', version: '2.77.0-a', maxAgeMs: 12 * HOUR, choices: {}, ...options });

describe('start snapshot', () => {
  it('gives back the context it was saved from, derived fields included', async () => {
    const { cache } = freshCache();
    const context = shellContext(parts());
    await saveSnapshot(cache, context, '2.77.0-a');
    const snapshot = await read(cache);
    expect(snapshot).toMatchObject({ kind: 'usable' });
    expect(snapshot.kind === 'usable' && snapshot.context).toEqual(context);
  });

  it('never gives another user’s snapshot, and deletes it', async () => {
    const { cache } = freshCache();
    await saveSnapshot(cache, shellContext(parts()), '2.77.0-a');
    expect(await read(cache, { sub: 'cashier-1' })).toEqual({ kind: 'discarded', reason: 'otherUser' });
    expect(await read(cache)).toEqual({ kind: 'none' });
  });

  it('judged from a read already settled (the boot step’s): the same answers, another user’s deleted behind it', async () => {
    const { cache } = freshCache();
    const context = shellContext(parts());
    await saveSnapshot(cache, context, '2.77.0-a');
    const wanted = { sub: 'picker-1', version: '2.77.0-a', maxAgeMs: 12 * HOUR, choices: {} };
    const record = await readStoredSnapshot(cache);
    expect(snapshotFromRecord(cache, record, wanted)).toEqual({ kind: 'usable', context, savedAt: record?.savedAt });
    expect(snapshotFromRecord(cache, record, { ...wanted, version: '2.78.0-b' })).toEqual({ kind: 'otherRelease' });
    expect(snapshotFromRecord(cache, undefined, wanted)).toEqual({ kind: 'none' });
    expect(snapshotFromRecord(cache, record, { ...wanted, sub: 'cashier-1' })).toEqual({ kind: 'discarded', reason: 'otherUser' });
    await expect.poll(() => readStoredSnapshot(cache)).toBeUndefined();
  });

  it('keeps the snapshot of another release: not drawn online, drawn by an offline start', async () => {
    const { cache } = freshCache();
    await saveSnapshot(cache, shellContext(parts()), '2.76.0-z');
    expect(await read(cache)).toEqual({ kind: 'otherRelease' });
    expect(await read(cache, { sub: null, version: null, maxAgeMs: null })).toMatchObject({ kind: 'usable' });
  });

  it('is stale past the configured age online; offline any age will do', async () => {
    const { cache } = freshCache();
    await saveSnapshot(cache, shellContext(parts()), '2.77.0-a');
    expect(await read(cache, { now: Date.now() + 13 * HOUR })).toEqual({ kind: 'stale' });
    expect(await read(cache, { now: Date.now() + 13 * HOUR, maxAgeMs: null, sub: null })).toMatchObject({ kind: 'usable' });
    // A clock set back before the snapshot was saved cannot vouch for its age either.
    expect(await read(cache, { now: Date.now() - HOUR })).toEqual({ kind: 'stale' });
  });

  it('a corrupt snapshot reads as none and is reported', async () => {
    const { cache, problems } = freshCache();
    await cache.write('snapshot', { sub: 'picker-1', version: '2.77.0-a', parts: { user: 'not a user' } });
    expect(await read(cache)).toEqual({ kind: 'none' });
    expect(problems).toContainEqual({ kind: 'discarded', name: 'snapshot' });
  });

  it('holds no token even when handed one', async () => {
    const { cache, problems } = freshCache();
    const context = shellContext(parts());
    await saveSnapshot(cache, { ...context, user: { ...context.user, metaData: { access_token: 'secret' } } }, '2.77.0-a');
    expect(problems).toContainEqual({ kind: 'tokensStripped', name: 'snapshot' });
    const snapshot = await read(cache);
    expect(JSON.stringify(snapshot)).not.toContain('secret');
  });

  it('is not drawn for a platform, seller or site chosen since', async () => {
    const { cache } = freshCache();
    await saveSnapshot(cache, shellContext(parts()), '2.77.0-a');
    expect(await read(cache, { choices: { sellerId: 3 } })).toEqual({ kind: 'otherChoice' });
    expect(await read(cache, { choices: { siteId: 6 } })).toEqual({ kind: 'otherChoice' });
    expect(await read(cache, { choices: { sellerId: 2, siteId: 5 } })).toMatchObject({ kind: 'usable' });
  });
});

describe('matchesChoices', () => {
  it.each([
    ['nothing stored', {}, parts(), true],
    ['the shown seller and site', { sellerId: 2, siteId: 5 }, parts(), true],
    ['another of the user’s sellers', { sellerId: 3 }, parts(), false],
    ['a stored seller the user does not have (the start ignores it too)', { sellerId: 99 }, parts(), true],
    ['another of the user’s sites', { siteId: 6 }, parts(), false],
    ['a stored site that is gone (the start took the first)', { siteId: 99 }, parts(), true],
    ['another platform for an all-platform user', { platformId: 4 }, parts({ user: { ...parts().user, platformClaim: 0 }, platform: { id: 3, name: 'P3' } }), false],
    ['a stored platform for a one-platform user (not used)', { platformId: 4 }, parts(), true],
  ] as const)('%s', (_case, choices, snapshotParts, expected) => {
    expect(matchesChoices(snapshotParts, choices)).toBe(expected);
  });
});
