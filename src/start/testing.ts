import type { Seller, Site } from '../api/portal-api.ts';
import type { ShellParts } from '../context/shell.ts';
import type { PortalUser } from '../context/user.ts';

/** Test data of the start-up modules (start-up, start flow, snapshot, shell model): never imported by the app. */

export const seller = (id: number): Seller => ({ id, name: `Seller ${id}`, isActive: true });
export const site = (id: number): Site => ({ id, name: `Kho ${id}` });

/** A cashier of seller 2 on platform 1. */
export function portalUser(overrides: Partial<PortalUser> = {}): PortalUser {
  return {
    sub: 'staff-1',
    name: 'Thu Ngân',
    email: null,
    phone: null,
    picture: null,
    tenantId: null,
    roles: [],
    permissions: ['pos:all:all'],
    metaData: {},
    platformClaim: 1,
    sellerClaim: { kind: 'ids', ids: [2] },
    siteIds: [],
    ...overrides,
  };
}

/** What a start of that cashier resolved: seller 2, site 5 of sites 5 and 6. */
export const shellParts = (overrides: Partial<ShellParts> = {}): ShellParts => ({
  user: portalUser({ siteIds: [5, 6] }),
  flags: { a: true },
  platform: null,
  seller: seller(2),
  sellers: [seller(2)],
  site: site(5),
  sites: [site(5), site(6)],
  websites: [],
  numberFormat: { thousandSeparator: '.', decimalSeparator: ',' },
  sellerNumberFormat: { thousandSeparator: ',', decimalSeparator: '.' },
  upgradeWindows: [],
  ...overrides,
});
