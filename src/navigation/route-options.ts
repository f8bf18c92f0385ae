import { PROTOCOL_VERSION, type FrameSettings } from '../../packages/frame-client/index.ts';
import { ENABLE_EPIC_OMNI_1318 } from '../catalogue/flags.ts';
import type { RouteItem } from '../catalogue/types.ts';
import type { Language } from '../i18n/languages.ts';

/** How a route's options shape the shell around it (shell.md §2 route options). Pure. */

type Flags = Readonly<Record<string, boolean>>;

export interface SwitchAbility {
  switchPlatform: boolean;
  switchSeller: boolean;
  switchSite: boolean;
}

/** Which header switches show on a route: the user may switch, the route does not hide it, and not offline. */
export function headerSwitches(route: RouteItem | null, can: SwitchAbility, flags: Flags, offline: boolean): SwitchAbility {
  if (offline) return { switchPlatform: false, switchSeller: false, switchSite: false };
  const hiddenByEpic = Boolean(route?.hidePlatformSwitchByEpic && flags[ENABLE_EPIC_OMNI_1318]);
  const siteHiddenByFlag = Boolean(route?.hideSiteSwitchWhenEnabledFlagKey && flags[route.hideSiteSwitchWhenEnabledFlagKey]);
  return {
    switchPlatform: can.switchPlatform && !route?.hidePlatformSwitch && !hiddenByEpic,
    switchSeller: can.switchSeller && !route?.hideSellerSwitch,
    switchSite: can.switchSite && Boolean(route?.showSiteSwitch) && !siteHiddenByFlag,
  };
}

/** Mobile-view routes use the full-screen phone layout unless their opt-out flag is on. */
export function usesMobileView(route: RouteItem | null, flags: Flags): boolean {
  if (!route?.isUseMobileView) return false;
  return !(route.isNotUseMobileViewWhenEnabledFlagKey && flags[route.isNotUseMobileViewWhenEnabledFlagKey]);
}

export interface FrameSettingsInput {
  /** The route the frame shows; null for a modal frame that is no route (a user guide, Contact Support). */
  route: RouteItem | null;
  title: string;
  language: Language;
  platformId: number | null;
  numberFormat: FrameSettings['numberDisplayFormat'];
  sellerNumberFormat: FrameSettings['numberDisplayFormat'];
  seller: FrameSettings['seller'];
  site: FrameSettings['site'];
  parentOrigin: string;
  clientId: string;
  oauthDomain: string;
  isAdminDomain: boolean;
  mobileView: boolean;
  trackerAppId: string;
  isOnlineMode: boolean;
  pushToken: string;
  notificationAppId: string;
}

/** The window.name settings of an embedded frame, a route's or a modal one (shell.md §2): everything but tokens. */
export function frameSettingsFor(input: FrameSettingsInput): FrameSettings {
  const { route } = input;
  return {
    language: input.language,
    platformId: input.platformId,
    numberDisplayFormat: route?.isUsePlatformConfigBySeller ? input.sellerNumberFormat : input.numberFormat,
    seller: input.seller,
    site: input.site,
    parentOrigin: input.parentOrigin,
    clientId: input.clientId,
    oauthDomain: input.oauthDomain,
    isAdminDomain: input.isAdminDomain,
    // In the mobile layout the shell draws the back button unless the route hides it.
    backIcon: input.mobileView && !route?.hideBackButton,
    hideBackButton: Boolean(route?.hideBackButton),
    isMobileView: input.mobileView,
    trackerAppId: input.trackerAppId,
    title: input.title,
    isOnlineMode: input.isOnlineMode,
    serviceIds: route?.guide ? [route.guide.serviceCode] : [],
    // The push token is the device's address for notifications, not a credential: shell.md §2 lists it.
    pushToken: input.pushToken,
    notificationAppId: input.notificationAppId,
    // Lets the app know at once that this shell answers its hello (packages/frame-client/handshake.ts).
    protocolVersion: PROTOCOL_VERSION,
  };
}
