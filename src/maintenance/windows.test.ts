import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { indexGrants } from '../gating/permissions.ts';
import {
  activeWindow,
  canBypass,
  formatRemaining,
  closingWindows,
  maintenanceRedirect,
  parseUpgradeWindows,
  parseUpgradingQuery,
  upcomingWindow,
  upgradeItemDueAt,
  upgradingUrl,
  type UpgradeWindow,
} from './windows.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

const system: UpgradeWindow = { pathPrefix: '/', start: at('2030-01-05T01:00:00Z'), end: at('2030-01-05T03:00:00Z'), service: 'Staff Portal', translationKey: 'Upgrade.System' };
const warehouse: UpgradeWindow = { pathPrefix: '/warehousing', start: at('2030-02-10T22:00:00Z'), end: at('2030-02-11T00:30:00Z'), service: 'Warehouse' };
const windows = [warehouse, system];

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

describe('parseUpgradeWindows', () => {
  it('reads the configuration entries', () => {
    expect(
      parseUpgradeWindows([
        { pathPrefix: '/', from: '2030-01-05T08:00:00+07:00', to: '2030-01-05T10:00:00+07:00', service: 'Staff Portal', translationKey: 'Upgrade.System' },
        { pathPrefix: '/warehousing', from: '2030-02-10T22:00:00Z', to: '2030-02-11T00:30:00Z', service: 'Warehouse' },
      ]),
    ).toEqual(windows.slice().reverse());
    expect(warn).not.toHaveBeenCalled();
  });

  it.each([
    ['not a list', { windows: [] }, 0],
    ['a malformed time', [{ pathPrefix: '/', from: 'soon', to: '2030-01-05T03:00:00Z', service: 'S' }], 0],
    ['a time without offset', [{ pathPrefix: '/', from: '2030-01-05T01:00:00', to: '2030-01-05T03:00:00Z', service: 'S' }], 0],
    ['a reversed window', [{ pathPrefix: '/', from: '2030-01-05T03:00:00Z', to: '2030-01-05T01:00:00Z', service: 'S' }], 0],
    ['an empty window', [{ pathPrefix: '/', from: '2030-01-05T03:00:00Z', to: '2030-01-05T03:00:00Z', service: 'S' }], 0],
    ['a path that is not a path', [{ pathPrefix: 'orders', from: '2030-01-05T01:00:00Z', to: '2030-01-05T03:00:00Z', service: 'S' }], 0],
    ['no service', [{ pathPrefix: '/', from: '2030-01-05T01:00:00Z', to: '2030-01-05T03:00:00Z' }], 0],
    ['null among good entries', [null, { pathPrefix: '/', from: '2030-01-05T01:00:00Z', to: '2030-01-05T03:00:00Z', service: 'S' }], 1],
  ])('ignores %s with a warning', (_, raw, kept) => {
    expect(parseUpgradeWindows(raw)).toHaveLength(kept);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('activeWindow and upcomingWindow', () => {
  it.each([
    ['/orders', '2030-01-05T00:59:59Z', null],
    ['/orders', '2030-01-05T01:00:00Z', system],
    ['/orders', '2030-01-05T02:59:59Z', system],
    ['/orders', '2030-01-05T03:00:00Z', null],
    ['/warehousing/import/requests', '2030-02-10T23:00:00Z', warehouse],
    ['/warehousing', '2030-02-10T23:00:00Z', warehouse],
    ['/warehousing-report', '2030-02-10T23:00:00Z', null],
    ['/orders', '2030-02-10T23:00:00Z', null],
  ])('%s at %s → %o', (path, now, expected) => {
    expect(activeWindow(windows, path, at(now))).toBe(expected);
  });

  it('prefers the whole-system window when both cover the path', () => {
    const overlapping = { ...system, start: warehouse.start, end: warehouse.end };
    expect(activeWindow([warehouse, overlapping], '/warehousing', warehouse.start)).toBe(overlapping);
  });

  it.each([
    ['/orders', system.start - 2 * HOUR - 1, null],
    ['/orders', system.start - 2 * HOUR, system],
    ['/orders', system.start - 1, system],
    ['/orders', system.start, null],
    ['/warehousing/export', warehouse.start - HOUR, warehouse],
    ['/cashier', warehouse.start - HOUR, null],
  ])('%s at %d → upcoming %o', (path, now, expected) => {
    expect(upcomingWindow(windows, path, now)).toBe(expected);
  });

  it('counts down to the earliest of several upcoming windows', () => {
    const later = { ...system, start: warehouse.start + 30 * 60_000, end: warehouse.end + HOUR };
    expect(upcomingWindow([later, warehouse], '/warehousing', warehouse.start - HOUR)).toBe(warehouse);
  });
});

describe('bypass permission (roles never count)', () => {
  it.each([
    [['staff-bff:upgrading-process:bypass'], true],
    [['staff-bff:upgrading-process:all'], true],
    [['staff-bff:all:all'], true],
    [['staff-bff:upgrading-process:read'], false],
    [['staff-bff:upgrading-process'], false],
    [['staff-bff:all:bypass'], false],
    [['other:upgrading-process:bypass'], false],
    [[], false],
  ])('%j → %s', (permissions, expected) => {
    expect(canBypass(indexGrants(permissions, ['staff-bff:upgrading-process:bypass']))).toBe(expected);
  });

  it('sends users on covered paths to /upgrading unless they may bypass or are there already', () => {
    expect(maintenanceRedirect(windows, '/orders', system.start, false)).toBe(system);
    expect(maintenanceRedirect(windows, '/orders', system.start, true)).toBeNull();
    expect(maintenanceRedirect(windows, '/upgrading', system.start, false)).toBeNull();
    expect(maintenanceRedirect(windows, '/orders', system.end, false)).toBeNull();
  });

  it('names every window that would close a path, for the next start to honour (frame first)', () => {
    expect(closingWindows(windows, '/orders', false)).toContain(system);
    expect(closingWindows(windows, '/warehousing/stock', false)).toEqual(expect.arrayContaining([system, warehouse]));
    expect(closingWindows(windows, '/orders', true)).toEqual([]);
    expect(closingWindows(windows, '/upgrading', false)).toEqual([]);
  });
});

describe('the /upgrading query', () => {
  it('round-trips through upgradingUrl', () => {
    const url = upgradingUrl(warehouse, 'Kho & vận');
    expect(url).toBe('/upgrading?upgradeStartTime=2030-02-10T22%3A00%3A00.000Z&upgradeEndTime=2030-02-11T00%3A30%3A00.000Z&serviceName=Kho+%26+v%E1%BA%ADn');
    expect(parseUpgradingQuery(url.slice(url.indexOf('?')))).toEqual({ start: warehouse.start, end: warehouse.end, serviceName: 'Kho & vận' });
  });

  it('accepts offsets other than UTC', () => {
    expect(parseUpgradingQuery('?upgradeStartTime=2030-01-05T08:00:00%2B07:00&upgradeEndTime=2030-01-05T10:00:00%2B07:00&serviceName=S')).toEqual({
      start: system.start,
      end: system.end,
      serviceName: 'S',
    });
  });

  it.each([
    ['', 'empty'],
    ['?upgradeStartTime=2030-01-05T01:00:00Z&upgradeEndTime=2030-01-05T03:00:00Z', 'no service'],
    ['?upgradeStartTime=2030-01-05T01:00:00Z&upgradeEndTime=2030-01-05T03:00:00Z&serviceName=%20', 'a blank service'],
    ['?upgradeStartTime=yesterday&upgradeEndTime=2030-01-05T03:00:00Z&serviceName=S', 'a malformed start'],
    ['?upgradeStartTime=2030-01-05T01:00:00Z&upgradeEndTime=1893812400000&serviceName=S', 'an end in milliseconds'],
    ['?upgradeStartTime=2030-01-05T03:00:00Z&upgradeEndTime=2030-01-05T01:00:00Z&serviceName=S', 'reversed times'],
  ])('%s (%s) → null with a warning', (search) => {
    expect(parseUpgradingQuery(search)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('formatRemaining', () => {
  it.each([
    [0, '00:00:00'],
    [-5000, '00:00:00'],
    [1, '00:00:01'],
    [999, '00:00:01'],
    [1000, '00:00:01'],
    [59_001, '00:01:00'],
    [2 * HOUR, '02:00:00'],
    [2 * HOUR - 1000, '01:59:59'],
    [100 * HOUR + 61_000, '100:01:01'],
  ])('%d ms → %s', (ms, expected) => {
    expect(formatRemaining(ms)).toBe(expected);
  });
});

describe('upgradeItemDueAt', () => {
  it.each([
    ['no window', [], system.start, null],
    ['long before both windows: the first countdown', windows, system.start - 30 * 24 * HOUR, system.start - 2 * HOUR],
    ['at the first countdown', windows, system.start - 2 * HOUR, system.start - 2 * HOUR],
    ['counting down', windows, system.start - HOUR, system.start - HOUR],
    ['inside a window', windows, system.start + HOUR, system.start + HOUR],
    ['after the first window: the next one, whatever its path', windows, system.end, warehouse.start - 2 * HOUR],
    ['after every window', windows, warehouse.end, null],
  ])('%s', (_name, list, now, expected) => {
    expect(upgradeItemDueAt(list, now)).toBe(expected);
  });
});
