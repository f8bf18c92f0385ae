import { describe, expect, it } from 'vitest';
import { parsePlatformClaim, parseSellerClaim, parseSiteClaim } from './claims.ts';
import {
  canSwitchPlatform,
  canSwitchSeller,
  canSwitchSite,
  resolvePlatform,
  resolveSeller,
  resolveSite,
  siteChangedElsewhere,
} from './resolve.ts';

describe('claims', () => {
  it.each([
    ['0', { kind: 'all' }],
    ['5', { kind: 'ids', ids: [5] }],
    ['1, 2,18', { kind: 'ids', ids: [1, 2, 18] }],
    ['143,0', { kind: 'all' }],
    ['2,2', { kind: 'ids', ids: [2] }],
    ['x,3,', { kind: 'ids', ids: [3] }],
    ['', { kind: 'ids', ids: [] }],
    [undefined, { kind: 'ids', ids: [] }],
    [7, { kind: 'ids', ids: [7] }],
    ['-1', { kind: 'ids', ids: [] }],
  ])('seller_id %j → %j', (raw, claim) => expect(parseSellerClaim(raw)).toEqual(claim));

  it.each([
    [{ platform_id: 0 }, 0],
    [{ platform_id: 3 }, 3],
    [{ platformId: '4' }, 4],
    [{}, 0],
    [undefined, 0],
    [{ platform_id: 'abc' }, 0],
  ])('platform of %j → %i', (meta, id) => expect(parsePlatformClaim(meta)).toBe(id));

  it.each([
    [{ siteIds: [10, 11] }, [10, 11]],
    [{ siteId: 10 }, [10]],
    [{ siteId: '12' }, [12]],
    [{ siteIds: '1,2' }, [1, 2]],
    [{ siteIds: [] }, []],
    [{}, []],
    [{ siteId: 0 }, []],
  ])('sites of %j → %j', (meta, ids) => expect(parseSiteClaim(meta)).toEqual(ids));
});

describe('resolvePlatform', () => {
  it.each([
    [3, undefined, { kind: 'selected', platformId: 3 }],
    [3, 9, { kind: 'selected', platformId: 3 }],
    [0, 9, { kind: 'selected', platformId: 9 }],
    [0, undefined, { kind: 'choose' }],
    [0, 0, { kind: 'choose' }],
  ])('claim %i, stored %s', (claim, stored, expected) => expect(resolvePlatform(claim, stored)).toEqual(expected));

  it('only all-platform users may switch', () => {
    expect(canSwitchPlatform(0)).toBe(true);
    expect(canSwitchPlatform(2)).toBe(false);
  });
});

describe('resolveSeller', () => {
  const sellers = [{ id: 1 }, { id: 2 }, { id: 18 }];
  it.each([
    ['single id is selected automatically', { kind: 'ids', ids: [2] }, undefined, { kind: 'selected', seller: { id: 2 } }],
    ['single id ignores a stored seller', { kind: 'ids', ids: [2] }, 1, { kind: 'selected', seller: { id: 2 } }],
    ['several ids use the stored seller', { kind: 'ids', ids: [1, 18] }, 18, { kind: 'selected', seller: { id: 18 } }],
    ['several ids, stored not theirs → choose', { kind: 'ids', ids: [1, 18] }, 2, { kind: 'choose', sellers: [{ id: 1 }, { id: 18 }] }],
    ['several ids, only one on this platform → selected', { kind: 'ids', ids: [1, 99] }, undefined, { kind: 'selected', seller: { id: 1 } }],
    ['several ids, nothing stored → choose', { kind: 'ids', ids: [1, 2] }, undefined, { kind: 'choose', sellers: [{ id: 1 }, { id: 2 }] }],
    ['all sellers use the stored seller', { kind: 'all' }, 1, { kind: 'selected', seller: { id: 1 } }],
    ['all sellers, nothing stored → choose', { kind: 'all' }, undefined, { kind: 'choose', sellers }],
    ['the user has no seller here → none', { kind: 'ids', ids: [99] }, undefined, { kind: 'none' }],
    ['no ids at all → none', { kind: 'ids', ids: [] }, undefined, { kind: 'none' }],
  ] as const)('%s', (_name, claim, stored, expected) => {
    expect(resolveSeller(claim, stored, sellers)).toEqual(expected);
  });

  it('all-sellers user with an empty list → none', () => {
    expect(resolveSeller({ kind: 'all' }, undefined, [])).toEqual({ kind: 'none' });
  });

  it('the seller switch is for users with several sellers', () => {
    expect(canSwitchSeller({ kind: 'ids', ids: [1] }, 1)).toBe(false);
    expect(canSwitchSeller({ kind: 'ids', ids: [1, 2] }, 2)).toBe(true);
    expect(canSwitchSeller({ kind: 'all' }, 30)).toBe(true);
    expect(canSwitchSeller({ kind: 'ids', ids: [1, 2] }, 1)).toBe(false);
  });
});

describe('sites', () => {
  const sites = [{ id: 10 }, { id: 11 }];
  it('keeps the stored site when it is still the user’s', () => expect(resolveSite(11, sites)).toEqual({ kind: 'selected', site: { id: 11 } }));
  it('falls back to the first site', () => expect(resolveSite(99, sites)).toEqual({ kind: 'selected', site: { id: 10 } }));
  it('no site → none', () => expect(resolveSite(undefined, [])).toEqual({ kind: 'none' }));
  it('switch only with several sites', () => {
    expect(canSwitchSite(1)).toBe(false);
    expect(canSwitchSite(2)).toBe(true);
  });
  it.each([
    [10, 11, true],
    [10, 10, false],
    [10, undefined, false],
    [null, 11, false],
  ])('shown %s, stored %s → changed %s', (shown, stored, changed) => expect(siteChangedElsewhere(shown, stored)).toBe(changed));
});
