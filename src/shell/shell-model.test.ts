import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import example from '../../deploy/config.example.json';
import { runtimeConfigSchema } from '../config/schema.ts';
import { PICKING_PROCESS, PICKING_PROCESS_DESKTOP_VIEW } from '../catalogue/flags.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { deriveShellModel, type ShellViewInput } from './shell-model.ts';
import { shellContext } from '../start/startup.ts';
import type { ShellParts } from '../context/shell.ts';
import { portalUser, seller, shellParts, site } from '../start/testing.ts';

const config = v.parse(runtimeConfigSchema, example);
const runtime = { config, isAdminDomain: false };

/** The fixture picker (dev/fixtures/users.json) at site 101 of seller 1. */
const picker = (overrides: Partial<ShellParts> = {}): ShellParts =>
  shellParts({
    user: portalUser({
      sub: 'staff-0003',
      permissions: ['staff-bff:upgrading-process:read', 'warehouse:picking-process:update', 'warehouse:quality-control:update:inbound'],
      sellerClaim: { kind: 'ids', ids: [1] },
      siteIds: [101],
    }),
    flags: { [PICKING_PROCESS]: true },
    seller: seller(1),
    sellers: [seller(1)],
    site: site(101),
    sites: [site(101)],
    upgradeWindows: [{ pathPrefix: '/warehousing', from: '2030-01-01T00:00:00+07:00', to: '2030-01-01T02:00:00+07:00', service: 'WMS' }],
    ...overrides,
  });

const input = (pathname: string, overrides: Partial<ShellViewInput> = {}): ShellViewInput => ({
  pathname,
  search: '',
  language: 'vi',
  titleOf: (item: RouteItem) => `title:${item.title}`,
  address: { apps: config.apps, language: 'vi', clientId: config.oidc.clientId, oidcDomain: config.oidc.domain, userId: 'staff-0003', sellerId: 1 },
  pushToken: 'push-token-1',
  parentOrigin: 'https://staff.example.com',
  ...overrides,
});

const model = (path: string, parts = picker(), offline = false) => deriveShellModel(shellContext(parts), offline, runtime, input(path));
const menuPaths = (m: ReturnType<typeof model>) => m.menu.flatMap((entry) => [entry.item.path, ...entry.children.map((child) => child.path)]);

describe('deriveShellModel', () => {
  it.each([
    // path, offline, resolution kind, frame drawn, mobile view, page bar
    ['/', false, 'route', true, false, true],
    ['/warehousing/import/quality-control/inbound', false, 'route', true, true, false],
    ['/warehousing/export/picking-process', false, 'route', true, true, false],
    ['/orders/seller', false, 'forbidden', false, false, false],
    ['/no/such/page', false, 'notFound', false, false, false],
    ['/', true, 'route', true, false, true],
    ['/warehousing/import/quality-control/inbound', true, 'notFound', false, false, false],
  ] as const)('%s (offline %s): %s, frame %s, mobile view %s, page bar %s', (path, offline, kind, framed, mobileView, pageBar) => {
    const m = model(path, picker(), offline);
    expect(m.current.kind).toBe(kind);
    expect(m.frame !== null).toBe(framed);
    expect(m.mobileView).toBe(mobileView);
    expect(m.showPageBar).toBe(pageBar);
  });

  it('gives the frame every setting from the context: title, seller, site, push token and online mode', () => {
    const online = model('/warehousing/import/quality-control/inbound');
    expect(online.routeTitle).toBe('title:Warehousing.QualityControlInbound');
    expect(online.frame).toMatchObject({ title: online.routeTitle, app: 'warehouseSitePos' });
    expect(online.frame?.settings).toMatchObject({
      seller: { id: 1, name: 'Seller 1' },
      site: { id: 101, name: 'Kho 101' },
      platformId: 1,
      pushToken: 'push-token-1',
      isOnlineMode: true,
      isMobileView: true,
      backIcon: true,
    });
    expect(model('/', picker(), true).frame?.settings.isOnlineMode).toBe(false);
  });

  it('uses the desktop view of a mobile-view route when its flag says so', () => {
    const m = model('/warehousing/export/picking-process', picker({ flags: { [PICKING_PROCESS]: true, [PICKING_PROCESS_DESKTOP_VIEW]: true } }));
    expect(m.mobileView).toBe(false);
    expect(m.showPageBar).toBe(true);
  });

  it('hides a flagged route when its flag is off: out of the menu and a 404 that names the flag', () => {
    const m = model('/warehousing/export/picking-process', picker({ flags: {} }));
    expect(m.current).toMatchObject({ kind: 'notFound', route: { path: '/warehousing/export/picking-process' } });
    expect(menuPaths(m)).not.toContain('/warehousing/export/picking-process');
  });

  it('asks for a site before opening a route that needs one', () => {
    const m = model('/warehousing/import/quality-control/inbound', picker({ site: null, sites: [] }));
    expect(m.current.kind).toBe('noSite');
    expect(m.frame).toBeNull();
  });

  it('lists in the menu exactly what opens', () => {
    const m = model('/');
    const paths = menuPaths(m).filter((path) => !path.includes(':'));
    expect(paths).toContain('/warehousing/import/quality-control/inbound');
    for (const path of paths) if (m.menu.some((entry) => entry.item.path === path && entry.children.length === 0)) expect(m.resolver.resolve(path).kind, path).toBe('route');
  });

  it('keeps maintenance windows online only, and lets only the bypass permission pass them', () => {
    expect(model('/').windows).toHaveLength(1);
    expect(model('/', picker(), true).windows).toEqual([]);
    expect(model('/').bypass).toBe(false);
    const bypass = picker();
    bypass.user = { ...bypass.user, permissions: [...bypass.user.permissions, 'staff-bff:upgrading-process:bypass'] };
    expect(model('/', bypass).bypass).toBe(true);
  });
});
