import * as v from 'valibot';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import example from '../../deploy/config.example.json';
import { PICKING_PROCESS } from '../catalogue/flags.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { runtimeConfigSchema } from '../config/schema.ts';
import type { FramePool, FrameSpec } from '../frames/pool-store.ts';
import { ShellController, type ShellControllerDeps } from './shell-controller.ts';
import { deriveShellAccess } from './shell-model.ts';
import { shellContext } from '../start/startup.ts';
import { portalUser, seller, shellParts, site } from '../start/testing.ts';

const config = v.parse(runtimeConfigSchema, example);
const shell = shellContext(
  shellParts({
    user: portalUser({ sub: 'staff-0003', permissions: ['warehouse:picking-process:update', 'pos:all:all'], sellerClaim: { kind: 'ids', ids: [1] }, siteIds: [101] }),
    flags: { [PICKING_PROCESS]: true },
    seller: seller(1),
    sellers: [seller(1)],
    site: site(101),
    sites: [site(101)],
  }),
);
const access = deriveShellAccess(shell, false, { config, isAdminDomain: false });
const address = { apps: config.apps, language: 'vi' as const, clientId: config.oidc.clientId, oidcDomain: config.oidc.domain, userId: 'staff-0003', sellerId: 1 };
const t = ((key: string, options?: Record<string, unknown>) => (options ? `${key} ${JSON.stringify(options)}` : key)) as unknown as TFunction;
const route = (path: string) => access.resolver.allowed.find((item) => item.path === path) as RouteItem;

function setup(overrides: Partial<ShellControllerDeps> = {}, environment = config.environment, frameAt: (path: string) => FrameSpec | null = () => null) {
  const deps = {
    navigate: vi.fn(),
    currentPath: vi.fn(() => '/'),
    confirmLeave: vi.fn(async () => true),
    accessToken: vi.fn((): string | null => 'access-token'),
    outbox: vi.fn(),
    track: vi.fn(),
    notifyError: vi.fn(),
    openWindow: vi.fn(),
    goBack: vi.fn(),
    canGoBack: vi.fn(() => true),
    ...overrides,
  };
  const controller = new ShellController(deps);
  const logout = vi.fn();
  controller.follow({ shell, resolver: access.resolver, address, config: { ...config, environment }, language: 'en', titleOf: (item) => `title:${item.path}`, t, frameAt, logout });
  const pool = { rekey: vi.fn(), show: vi.fn() };
  controller.attach(pool as unknown as FramePool);
  return { controller, deps: { ...deps, logout }, pool };
}

describe('ShellController', () => {
  it('follows a frame to a portal route: the address moves and the frame is re-keyed, not reloaded', () => {
    const { controller, deps, pool } = setup();
    const picking = route('/warehousing/export/picking-process');
    const app = picking.iFrameSrc?.app ?? '';
    controller.frameEvents.onRoute({ key: 'old-key', app, origin: 'https://x' } as never, '/warehousing/export/picking-process', false);
    expect(deps.navigate).toHaveBeenCalledWith('/warehousing/export/picking-process', undefined);
    expect(pool.rekey).toHaveBeenCalledWith('old-key', expect.stringContaining('http'));
  });

  it('believes the answer to a move in place: the address of that move becomes the route the app says, without a history entry of its own', () => {
    const { controller, deps, pool } = setup({ currentPath: () => '/warehousing/import/quality-control/normal' });
    const app = route('/warehousing/export/picking-process').iFrameSrc?.app ?? '';
    controller.frameEvents.onRoute({ key: 'moved-key', app, origin: 'https://x' } as never, '/warehousing/export/picking-process', true);
    expect(deps.navigate).toHaveBeenCalledExactlyOnceWith('/warehousing/export/picking-process', { replace: true });
    expect(pool.rekey).toHaveBeenCalledWith('moved-key', expect.stringContaining('/picking-process'));
  });

  it('ignores a route address that is no portal page', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { controller, deps, pool } = setup();
    controller.frameEvents.onRoute({ key: 'k', app: 'erp', origin: 'https://x' } as never, '/not/a/route', false);
    expect(deps.navigate).not.toHaveBeenCalled();
    expect(pool.rekey).not.toHaveBeenCalled();
  });

  it('does not navigate to where the portal already is', () => {
    const { controller, deps } = setup({ currentPath: () => '/warehousing/export/picking-process' });
    controller.frameEvents.onRoute({ key: 'k', app: 'x', origin: 'https://x' } as never, '/warehousing/export/picking-process', true);
    expect(deps.navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['with a token', 'access-token', { sub: 'staff-0003', sellerId: 1, siteId: 101, accessToken: 'access-token' }],
    ['without a token', null, null],
  ])('answers the user-data handshake %s', (_name, token, expected) => {
    const { controller } = setup({ accessToken: () => token });
    const answer = controller.frameEvents.userData();
    if (expected) expect(answer).toMatchObject(expected);
    else expect(answer).toBeNull();
  });

  it('opens a modal menu item in the modal frame and closes it', () => {
    const { controller } = setup();
    const item: RouteItem = { ...route('/warehousing/export/picking-process'), isModalItem: true };
    controller.open(item);
    expect(controller.getState().modal).toMatchObject({ title: 'title:/warehousing/export/picking-process', width: 1000 });
    controller.closeModal();
    expect(controller.getState().modal).toBeNull();
  });

  it('opens an outside page in a new tab, and says so when its address is invalid', () => {
    const { controller, deps } = setup();
    controller.open({ path: '/x', title: 'X', redirectOutside: { app: 'pos', path: '/a' } } as unknown as RouteItem);
    expect(deps.openWindow).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\//));
    controller.open({ path: '/x', title: 'X', redirectOutside: { app: 'noSuchApp', path: '/a' } } as unknown as RouteItem);
    expect(deps.notifyError).toHaveBeenCalledWith('Navigation.InvalidAddress');
  });

  it('navigates to a route only after the editing guard lets it', async () => {
    const stay = setup({ confirmLeave: async () => false });
    stay.controller.go('/orders');
    await Promise.resolve();
    expect(stay.deps.navigate).not.toHaveBeenCalled();
    const leave = setup();
    leave.controller.go('/orders');
    await vi.waitFor(() => expect(leave.deps.navigate).toHaveBeenCalledWith('/orders', undefined));
  });

  it("shows the target's frame before the router draws its route, once the editing guard lets it go", async () => {
    const orders = { key: 'orders' } as FrameSpec;
    const frameAt = (path: string) => (path === '/orders' ? orders : null);
    const stay = setup({ confirmLeave: async () => false }, config.environment, frameAt);
    stay.controller.go('/orders');
    await Promise.resolve();
    expect(stay.pool.show).not.toHaveBeenCalled();
    const leave = setup({}, config.environment, frameAt);
    leave.controller.go('/orders');
    await vi.waitFor(() => expect(leave.deps.navigate).toHaveBeenCalledWith('/orders', undefined));
    expect(leave.pool.show).toHaveBeenCalledWith(orders);
    expect(leave.pool.show.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(leave.deps.navigate).mock.invocationCallOrder[0] ?? 0);
    // A shell page (no frame) is left to the route's render.
    const page = setup({}, config.environment, frameAt);
    page.controller.go('/export-history');
    await vi.waitFor(() => expect(page.deps.navigate).toHaveBeenCalled());
    expect(page.pool.show).not.toHaveBeenCalled();
  });

  it('goes back, or home when the portal was opened here', async () => {
    const first = setup({ canGoBack: () => false });
    first.controller.back();
    await vi.waitFor(() => expect(first.deps.navigate).toHaveBeenCalledWith('/'));
    const later = setup();
    later.controller.back();
    await vi.waitFor(() => expect(later.deps.goBack).toHaveBeenCalled());
  });

  it('opens the guide of a route in the portal language', () => {
    const { controller } = setup();
    const withHelp = { ...config, apps: { ...config.apps, helpCenter: 'https://help.example.com' } };
    controller.follow({ shell, resolver: access.resolver, address, config: withHelp, language: 'en', titleOf: (item) => item.path, t, frameAt: () => null, logout: vi.fn() });
    controller.openGuide({ path: '/a', title: 'A', guide: { serviceCode: 'wms', userGuideCode: 'pick ing' } } as unknown as RouteItem);
    const src = new URL(controller.getState().modal?.src ?? '');
    expect(src.pathname).toBe('/guides/wms/pick%20ing');
    expect(src.searchParams.get('lang')).toBe('en');
  });

  it('tracks rejected frame messages, and names the origin in development for a user-data request', () => {
    const production = setup({}, 'production');
    production.controller.frameEvents.onRejected('untrusted-user-data-origin', 'user-data-request', 'https://evil.example');
    expect(production.deps.track).toHaveBeenCalledWith('frame_message_rejected', { reason: 'untrusted-user-data-origin', type: 'user-data-request', origin: 'https://evil.example' });
    expect(production.deps.notifyError).not.toHaveBeenCalled();
    const development = setup({}, 'development');
    development.controller.frameEvents.onRejected('untrusted-user-data-origin', 'user-data-request', 'https://evil.example');
    expect(development.deps.notifyError).toHaveBeenCalled();
  });

  it('tells its listeners when the search opens and closes', () => {
    const { controller } = setup();
    const listener = vi.fn();
    controller.subscribe(listener);
    controller.openSearch();
    expect(controller.getState().searching).toBe(true);
    controller.closeSearch();
    expect(controller.getState().searching).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('opens and closes the outbox’s sheet, and hands the outbox’s requests of frames to the page’s outbox', () => {
    const { controller, deps } = setup();
    controller.openOutbox();
    expect(controller.getState().outboxOpen).toBe(true);
    controller.closeOutbox();
    expect(controller.getState().outboxOpen).toBe(false);
    const frame = { key: 'pos', origin: 'http://pos.portal.localhost', window, app: 'pos' };
    const post = vi.fn();
    controller.frameEvents.onOutbox(frame, { protocol: 'staff-portal/1', type: 'outbox-watch' }, post);
    expect(deps.outbox).toHaveBeenCalledWith(frame, { protocol: 'staff-portal/1', type: 'outbox-watch' }, post);
  });

  it('keeps the frames’ camera requests until the scanner has loaded, then hands them on in order', async () => {
    const { controller } = setup();
    const frame = { key: 'pos', origin: 'http://pos.portal.localhost', window };
    const request = (requestId: string) => ({ protocol: 'staff-portal/1' as const, type: 'scan-request' as const, requestId, data: {} });
    const post = vi.fn();
    controller.frameEvents.onScanRequest(frame, request('r1'), post);
    controller.frameEvents.onScanRequest(frame, request('r2'), post);
    const scanner = { request: vi.fn() };
    await Promise.resolve();
    expect(scanner.request).not.toHaveBeenCalled();
    controller.attachScanner(scanner);
    await vi.waitFor(() => expect(scanner.request).toHaveBeenCalledTimes(2));
    expect(scanner.request.mock.calls.map(([, message]) => (message as { requestId: string }).requestId)).toEqual(['r1', 'r2']);
  });
});
