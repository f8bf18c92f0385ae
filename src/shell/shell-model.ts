import type { Seller } from '../api/portal-api.ts';
import { ALL_ROUTES, CATALOGUE } from '../catalogue/index.ts';
import type { RouteItem } from '../catalogue/types.ts';
import type { FrameSpec } from '../frames/pool-store.ts';
import type { FrameSettings } from '../frames/settings.ts';
import { createGatingContext, type GatingContext } from '../gating/context.ts';
import type { AddressContext } from '../gating/frame-src.ts';
import { deriveMenu, type MenuEntry } from '../gating/visibility.ts';
import type { Language } from '../i18n/languages.ts';
import { canBypass, parseUpgradeWindows, type UpgradeWindow } from '../maintenance/windows.ts';
import { frameTargetFor } from '../navigation/frame-spec.ts';
import { createRouteResolver, type Resolution, type RouteResolver } from '../navigation/resolve-route.ts';
import { frameSettingsFor, headerSwitches, usesMobileView, type SwitchAbility } from '../navigation/route-options.ts';
import { sellerSupportFor, type SellerSupportOutcome } from '../navigation/seller-support.ts';
import type { Runtime } from '../config/runtime.ts';
import type { ShellContextValue } from '../context/shell.ts';

/**
 * What the ready shell shows, derived from its context and the address: pure, so ReadyShell only
 * lays it out. Two halves, so the component can keep the first across navigations:
 * - access: what this user may open here (gating, the route resolver, the menu, maintenance);
 * - view: the current route, its options (mobile view, switches, page bar) and its start frame.
 */
export interface ShellAccess {
  gating: GatingContext;
  resolver: RouteResolver;
  menu: MenuEntry[];
  /** Maintenance windows (none offline) and whether this user passes them. */
  windows: UpgradeWindow[];
  bypass: boolean;
}

export interface ShellViewInput {
  pathname: string;
  search: string;
  language: Language;
  titleOf(item: RouteItem): string;
  address: AddressContext;
  /** The push token frames are told (empty when push is off). */
  pushToken: string;
  parentOrigin: string;
}

export interface ShellView {
  current: Resolution;
  route: RouteItem | null;
  routeTitle: string;
  mobileView: boolean;
  support: SellerSupportOutcome<Seller>;
  switches: SwitchAbility;
  showPageBar: boolean;
  /** The frame of the current route, or null (no route, a shell page, an outside address, an unsupported seller). */
  frame: FrameSpec | null;
}

type ShellRuntime = Pick<Runtime, 'config' | 'isAdminDomain'>;

export function deriveShellAccess(shell: ShellContextValue, offline: boolean, runtime: ShellRuntime): ShellAccess {
  const { config } = runtime;
  const gating = createGatingContext({
    permissions: shell.user.permissions,
    roles: shell.user.roles,
    flags: shell.flags,
    isOfflineMode: offline,
    isAdminDomain: runtime.isAdminDomain,
    environment: config.environment,
    sellerId: shell.seller.id,
    comboPromotionSellerIds: config.comboPromotionSellerIds,
    websiteIds: shell.websiteIds,
    hasSite: shell.site !== null,
    sellerSupport: config.sellerSupport ?? null,
  });
  return {
    gating,
    resolver: createRouteResolver(CATALOGUE, ALL_ROUTES, gating),
    menu: deriveMenu(CATALOGUE, gating),
    windows: offline ? [] : parseUpgradeWindows(shell.upgradeWindows),
    bypass: canBypass(gating.grants),
  };
}

export function deriveShellView(access: ShellAccess, shell: ShellContextValue, offline: boolean, runtime: ShellRuntime, input: ShellViewInput): ShellView {
  const { config } = runtime;
  const current = access.resolver.resolve(input.pathname);
  const route = current.kind === 'route' ? current.route : null;
  const routeTitle = route ? input.titleOf(route) : '';
  const mobileView = usesMobileView(route, shell.flags);
  const support = sellerSupportFor(route?.sellerSupport, config.sellerSupport, shell.seller.id, shell.sellers);
  const target =
    current.kind === 'route' && support.kind === 'supported' && !current.route.redirectOutside
      ? frameTargetFor(current.route, current.params, input.search, input.address)
      : null;
  const frame: FrameSpec | null =
    target && route ? { ...target, path: input.pathname, title: routeTitle, settings: frameSettingsIn(shell, offline, runtime, input)(route, routeTitle, mobileView) } : null;
  return {
    current,
    route,
    routeTitle,
    mobileView,
    support,
    switches: headerSwitches(route, shell.can, shell.flags, offline),
    showPageBar: Boolean(route && !route.shellPage && (!mobileView || !route.hideBreadcrumbMobileView)),
    frame,
  };
}

/**
 * The window.name settings of any frame the shell embeds in this context: a route's frame, or a modal
 * frame (a modal menu item, the user guide, Contact Support: no mobile view, `route` null when it is
 * no route). Every embedded page learns the language, platform, seller, site and the rest the same way.
 */
export function frameSettingsIn(shell: ShellContextValue, offline: boolean, runtime: ShellRuntime, input: Pick<ShellViewInput, 'language' | 'pushToken' | 'parentOrigin'>) {
  const { config } = runtime;
  return (route: RouteItem | null, title: string, mobileView: boolean): FrameSettings =>
    frameSettingsFor({
      route,
      title,
      language: input.language,
      platformId: shell.platform?.id ?? (shell.user.platformClaim || null),
      numberFormat: shell.numberFormat,
      sellerNumberFormat: shell.sellerNumberFormat,
      seller: { id: shell.seller.id, name: shell.seller.displayName || shell.seller.name },
      site: shell.site,
      parentOrigin: input.parentOrigin,
      clientId: config.oidc.clientId,
      oauthDomain: config.oidc.domain,
      isAdminDomain: runtime.isAdminDomain,
      mobileView,
      trackerAppId: config.trackerAppId,
      isOnlineMode: !offline,
      notificationAppId: config.push?.notificationAppId ?? '',
      pushToken: input.pushToken,
    });
}

/** The whole model at once: what the shell shows for this context and address. */
export function deriveShellModel(shell: ShellContextValue, offline: boolean, runtime: ShellRuntime, input: ShellViewInput): ShellAccess & ShellView {
  const access = deriveShellAccess(shell, offline, runtime);
  return { ...access, ...deriveShellView(access, shell, offline, runtime, input) };
}
