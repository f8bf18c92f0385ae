import { describe, expect, it } from 'vitest';
import { compileOpenRules, openPathFor, scanDestination } from './route-scan.ts';

const rules = compileOpenRules([
  { pattern: '^PL-(?<list>\\d{2,6})-\\d{1,4}$', route: '/warehousing/export/picking-process?pickingList={list}' },
  { pattern: '^SA-(?<id>\\d{1,9})$', route: '/warehousing/stock-adjustment-requests/{id}' },
  { pattern: '^LOC-(?<zone>[A-Z]?)(?<bin>\\d*)$', route: '/warehousing/bins/{zone}/{bin}' },
  { pattern: '^HOME$', route: '/' },
]);

describe('scan to open', () => {
  it.each([
    ['PL-42-0007', '/warehousing/export/picking-process?pickingList=42'],
    ['SA-123', '/warehousing/stock-adjustment-requests/123'],
    ['HOME', '/'],
    ['LOC-A12', '/warehousing/bins/A/12'],
    // A group that matched nothing leaves the rule out: no half-built address.
    ['LOC-12', null],
    ['PL-42-0007 ', null],
    ['8934567890123', null],
  ])('%s → %s', (text, path) => {
    expect(openPathFor(text, rules)).toBe(path);
  });

  it('a code is a value in the address, never more of it', () => {
    const [rule] = compileOpenRules([{ pattern: '^X:(?<q>.+)$', route: '/search?q={q}' }]);
    expect(openPathFor('X:a&b=/../c?d#e', [rule!])).toBe('/search?q=a%26b%3D%2F..%2Fc%3Fd%23e');
  });
});

describe('where a scan goes', () => {
  const wedge = { locked: false, appListens: false, first: 'app' } as const;
  it.each([
    ['locked: the lock, whatever else', { ...wedge, locked: true, appListens: true }, 'PL-42-0007', { kind: 'lock' }],
    ['the listening app first', { ...wedge, appListens: true }, 'PL-42-0007', { kind: 'frame' }],
    ['no app listens: scan to open', wedge, 'PL-42-0007', { kind: 'open', path: '/warehousing/export/picking-process?pickingList=42' }],
    ['nothing takes it: a notice', wedge, '8934567890123', { kind: 'notice' }],
    ['the header’s button: scan to open before the app', { ...wedge, appListens: true, first: 'open' }, 'PL-42-0007', { kind: 'open', path: '/warehousing/export/picking-process?pickingList=42' }],
    ['the header’s button, no rule: the app', { ...wedge, appListens: true, first: 'open' }, '8934567890123', { kind: 'frame' }],
    ['the header’s button, no rule, no app: a notice', { ...wedge, first: 'open' }, '8934567890123', { kind: 'notice' }],
  ] as const)('%s', (_, situation, text, destination) => {
    expect(scanDestination(text, situation, rules)).toEqual(destination);
  });
});
