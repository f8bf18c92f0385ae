import type { AppKey } from '../config/app-keys.ts';
import type { Environment } from '../config/schema.ts';
import type { Language } from '../i18n/languages.ts';
import type { FlagKey } from './flags.ts';

/**
 * One permission requirement, read as the string `app:resource:action` (routes.md §6). `action`
 * may itself hold colons (`read:po`). Group items and `usePermissionPrefix` items may leave out the
 * trailing parts: they are matched by prefix.
 */
export interface PermissionRequirement {
  readonly app: string;
  readonly resource?: string;
  readonly action?: string;
}

/** A path per language, for dashboards whose Vietnamese and English assets differ. */
export type LocalizedPath = Readonly<Record<Language, string>>;

/** A page of an embedded back-end application: its base address comes from the runtime config. */
export interface AppTarget {
  readonly app: AppKey;
  /** Template appended to the app's base address; `:name` segments take the route's params. */
  readonly path: string | LocalizedPath;
  /** Dashboards get standalone=2, the sign-in client id and the sign-in domain (routes.md §7). */
  readonly dashboardParams?: true;
}

/** Pages the shell renders itself instead of a frame. */
export type ShellPage = 'forbidden' | 'notFound' | 'serverError' | 'upgrading' | 'exportHistory' | 'accessExplorer';

/** Which configured allow-list a route's seller must be on. */
export type SellerAllowList = 'comboPromotion';

/** Which seller-support check (routes.md §4) the shell runs before showing the route. */
export type SellerSupport = 'invoicing' | 'groupParentSeller';

export type BrowserPermission = 'notifications';

/**
 * Everything a route may carry besides its path and title. Names are the spec's (shell.md §2
 * "Route options"); `routes:json` prints them under these names, in this order.
 */
export interface RouteOptions {
  /** An ionicons icon name, shown for groups and top-level items. */
  readonly icon?: string;
  readonly iFrameSrc?: AppTarget;
  /** The route leaves the shell for this address (opened in a new tab from the menu). */
  readonly redirectOutside?: AppTarget;
  readonly shellPage?: ShellPage;
  /** The route only sends the user on to another portal path. */
  readonly redirectTo?: string;
  /** Any one requirement suffices; absent or empty means the route is open. */
  readonly permissions?: readonly PermissionRequirement[];
  /** Requirements are prefixes matched against the user's permissions and roles. */
  readonly usePermissionPrefix?: true;
  readonly flagKey?: FlagKey;
  readonly hideWhenEnabledFlagKey?: FlagKey;
  readonly hideTitle?: true;
  readonly hideBreadcrumb?: true;
  readonly hidePlatformSwitch?: true;
  /** Hide the platform switch while the epic flag ENABLE_EPIC_OMNI_1318 is on. */
  readonly hidePlatformSwitchByEpic?: true;
  readonly hideSellerSwitch?: true;
  readonly showSiteSwitch?: true;
  readonly hideSiteSwitchWhenEnabledFlagKey?: FlagKey;
  readonly isUseMobileView?: true;
  readonly isNotUseMobileViewWhenEnabledFlagKey?: FlagKey;
  readonly hideBackButton?: true;
  readonly hideBreadcrumbMobileView?: true;
  readonly browserPermissions?: readonly BrowserPermission[];
  /** `text` is a key in the "routes" i18n namespace. */
  readonly survey?: { readonly link: string; readonly text: string };
  readonly manualTrackingScreenName?: string;
  readonly isUsePlatformConfigBySeller?: true;
  readonly isModalItem?: true;
  readonly supportOfflineMode?: true;
  readonly needAppendSellerId?: true;
  readonly needAppendUserId?: true;
  /** Custom website / app interface editors (routes.md §2.9). */
  readonly isCustomWebsiteItem?: 'web' | 'app';
  readonly guide?: { readonly serviceCode: string; readonly userGuideCode: string };
  /** The account must have a valid site id (routes.md §2.25), otherwise the 403 page shows. */
  readonly requireSiteId?: true;
  /** The route exists only in these environments. */
  readonly environments?: readonly Environment[];
  /** The route exists only when the host is an admin domain. */
  readonly adminOnly?: true;
  readonly sellerAllowList?: SellerAllowList;
  readonly sellerSupport?: SellerSupport;
  /** Reachable by address but never listed in the menu (detail, create and history pages). */
  readonly hideInMenu?: true;
}

export interface RouteItem extends RouteOptions {
  /** Absolute portal path; `:name` segments are parameters. For groups: the menu key. */
  readonly path: string;
  /** Key in the "routes" i18n namespace. */
  readonly title: string;
  /** Menu children; an item with children is a group, not a route. */
  readonly children?: readonly RouteItem[];
}

/** The option names in print order, checked against RouteItem by a test. */
export const ROUTE_OPTION_NAMES = [
  'title',
  'icon',
  'iFrameSrc',
  'redirectOutside',
  'shellPage',
  'redirectTo',
  'permissions',
  'usePermissionPrefix',
  'flagKey',
  'hideWhenEnabledFlagKey',
  'environments',
  'adminOnly',
  'sellerAllowList',
  'isCustomWebsiteItem',
  'supportOfflineMode',
  'hideInMenu',
  'hideTitle',
  'hideBreadcrumb',
  'hidePlatformSwitch',
  'hidePlatformSwitchByEpic',
  'hideSellerSwitch',
  'showSiteSwitch',
  'hideSiteSwitchWhenEnabledFlagKey',
  'isUseMobileView',
  'isNotUseMobileViewWhenEnabledFlagKey',
  'hideBackButton',
  'hideBreadcrumbMobileView',
  'requireSiteId',
  'sellerSupport',
  'browserPermissions',
  'survey',
  'manualTrackingScreenName',
  'isUsePlatformConfigBySeller',
  'isModalItem',
  'needAppendSellerId',
  'needAppendUserId',
  'guide',
  'children',
] as const satisfies readonly Exclude<keyof RouteItem, 'path'>[];
