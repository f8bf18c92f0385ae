import { describe, expect, it } from 'vitest';
import { ENABLE_EPIC_OMNI_1318 } from '../catalogue/flags.ts';
import type { RouteItem } from '../catalogue/types.ts';
import { frameSettingsFor, headerSwitches, usesMobileView } from './route-options.ts';

const all = { switchPlatform: true, switchSeller: true, switchSite: true };
const route = (options: Partial<RouteItem>): RouteItem => ({ path: '/x', title: 'X', ...options });

describe('headerSwitches', () => {
  it.each([
    ['a plain route shows platform and seller, not site', route({}), {}, false, { switchPlatform: true, switchSeller: true, switchSite: false }],
    ['hideSellerSwitch', route({ hideSellerSwitch: true }), {}, false, { switchPlatform: true, switchSeller: false, switchSite: false }],
    ['hidePlatformSwitch', route({ hidePlatformSwitch: true }), {}, false, { switchPlatform: false, switchSeller: true, switchSite: false }],
    ['hidePlatformSwitchByEpic with the epic off', route({ hidePlatformSwitchByEpic: true }), {}, false, { switchPlatform: true, switchSeller: true, switchSite: false }],
    ['hidePlatformSwitchByEpic with the epic on', route({ hidePlatformSwitchByEpic: true }), { [ENABLE_EPIC_OMNI_1318]: true }, false, { switchPlatform: false, switchSeller: true, switchSite: false }],
    ['showSiteSwitch', route({ showSiteSwitch: true }), {}, false, { switchPlatform: true, switchSeller: true, switchSite: true }],
    ['showSiteSwitch hidden by its flag', route({ showSiteSwitch: true, hideSiteSwitchWhenEnabledFlagKey: 'hide-site-switch' }), { 'hide-site-switch': true }, false, { switchPlatform: true, switchSeller: true, switchSite: false }],
    ['offline hides every switch', route({ showSiteSwitch: true }), {}, true, { switchPlatform: false, switchSeller: false, switchSite: false }],
    ['no route (error pages)', null, {}, false, { switchPlatform: true, switchSeller: true, switchSite: false }],
  ] as const)('%s', (_name, item, flags, offline, expected) => {
    expect(headerSwitches(item, all, flags, offline)).toEqual(expected);
  });

  it('never shows a switch the user may not use', () => {
    expect(headerSwitches(route({ showSiteSwitch: true }), { switchPlatform: false, switchSeller: false, switchSite: false }, {}, false)).toEqual({
      switchPlatform: false,
      switchSeller: false,
      switchSite: false,
    });
  });
});

describe('usesMobileView', () => {
  it.each([
    [route({}), {}, false],
    [route({ isUseMobileView: true }), {}, true],
    [route({ isUseMobileView: true, isNotUseMobileViewWhenEnabledFlagKey: 'picking-process-desktop-view' }), {}, true],
    [route({ isUseMobileView: true, isNotUseMobileViewWhenEnabledFlagKey: 'picking-process-desktop-view' }), { 'picking-process-desktop-view': true }, false],
    [null, {}, false],
  ] as const)('%#', (item, flags, expected) => expect(usesMobileView(item, flags)).toBe(expected));
});

describe('frameSettingsFor', () => {
  const base = {
    title: 'Đơn hàng',
    language: 'vi' as const,
    platformId: 1,
    numberFormat: { thousandSeparator: '.', decimalSeparator: ',' },
    sellerNumberFormat: { thousandSeparator: ',', decimalSeparator: '.' },
    seller: { id: 2, name: 'Seller' },
    site: null,
    parentOrigin: 'http://localhost:4173',
    clientId: 'staff-portal',
    oauthDomain: 'portal.localhost',
    isAdminDomain: false,
    mobileView: false,
    trackerAppId: 't',
    isOnlineMode: true,
    pushToken: '',
    notificationAppId: '',
  };

  it('uses the seller’s number format where the route asks', () => {
    expect(frameSettingsFor({ ...base, route: route({}) }).numberDisplayFormat.thousandSeparator).toBe('.');
    expect(frameSettingsFor({ ...base, route: route({ isUsePlatformConfigBySeller: true }) }).numberDisplayFormat.thousandSeparator).toBe(',');
  });

  it('shows the back icon in the mobile layout unless the route hides it', () => {
    expect(frameSettingsFor({ ...base, mobileView: true, route: route({}) }).backIcon).toBe(true);
    expect(frameSettingsFor({ ...base, mobileView: true, route: route({ hideBackButton: true }) })).toMatchObject({ backIcon: false, hideBackButton: true });
    expect(frameSettingsFor({ ...base, route: route({}) }).backIcon).toBe(false);
  });

  it('settles a modal frame that is no route (user guide, Contact Support) on the platform format, no back button, no service', () => {
    expect(frameSettingsFor({ ...base, route: null })).toMatchObject({ numberDisplayFormat: base.numberFormat, backIcon: false, hideBackButton: false, isMobileView: false, serviceIds: [], seller: base.seller, title: base.title });
  });

  it('carries the guide service id and never a credential', () => {
    const settings = frameSettingsFor({ ...base, route: route({ guide: { serviceCode: 'pos', userGuideCode: 'x' } }) });
    expect(settings.serviceIds).toEqual(['pos']);
    expect(JSON.stringify(settings)).not.toMatch(/access_?token|refresh_?token|id_?token|bearer/i);
  });

  // shell.md §2 "Embedded frames": "The frame receives a window name carrying settings: language,
  // current platform id, number display format, current seller, parent origin, client id, oauth
  // domain, admin-domain flag, back icon, hide-back-button, mobile view, tracker app id, current
  // site, title, online mode, service ids, push token and notification app id." Each phrase, in that
  // order, and the key that carries it.
  const SPEC_SETTINGS: ReadonlyArray<[phrase: string, key: string]> = [
    ['language', 'language'],
    ['current platform id', 'platformId'],
    ['number display format', 'numberDisplayFormat'],
    ['current seller', 'seller'],
    ['parent origin', 'parentOrigin'],
    ['client id', 'clientId'],
    ['oauth domain', 'oauthDomain'],
    ['admin-domain flag', 'isAdminDomain'],
    ['back icon', 'backIcon'],
    ['hide-back-button', 'hideBackButton'],
    ['mobile view', 'isMobileView'],
    ['tracker app id', 'trackerAppId'],
    ['current site', 'site'],
    ['title', 'title'],
    ['online mode', 'isOnlineMode'],
    ['service ids', 'serviceIds'],
    ['push token', 'pushToken'],
    ['notification app id', 'notificationAppId'],
  ];

  it('carries exactly the settings of shell.md §2, push token included, and the protocol version of the handshake', () => {
    const settings = frameSettingsFor({ ...base, route: route({}) });
    // protocolVersion: not a setting of the spec's, the frame protocol's own (packages/frame-client/handshake.ts).
    expect(Object.keys(settings).sort()).toEqual([...SPEC_SETTINGS.map(([, key]) => key), 'protocolVersion'].sort());
    expect(Object.values(settings)).not.toContain(undefined);
  });

  it('passes the push token through, empty when push is off', () => {
    expect(frameSettingsFor({ ...base, pushToken: 'fcm:abc', route: route({}) }).pushToken).toBe('fcm:abc');
    expect(frameSettingsFor({ ...base, route: route({}) }).pushToken).toBe('');
  });
});
