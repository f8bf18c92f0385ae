/**
 * The names of the values the portal keeps in localStorage (shell.md §3 "Stored locally"), and whose
 * each is. Apart from storage/local.ts, which reads and writes them, so that the boot step of a
 * frame-first start (src/frame-first.ts) can name them without the validation and reporting code.
 */
export const STORAGE_KEYS = {
  language: 'localization',
  sidebarCollapsed: 'sidebarCollapsed',
  onlineMode: 'isOnlineMode',
  platform: 'currentPlatform',
  seller: 'currentSeller',
  site: 'currentSite',
  pushToken: 'pushToken',
  notificationAppId: 'notificationAppId',
  pushRegistration: 'pushRegistrationState',
  frameFirst: 'frameFirst',
  frameOpens: 'frameOpens',
  shift: 'sharedDeviceShift',
  shiftActivity: 'sharedDeviceActivity',
  unconfirmedLogout: 'logoutUnconfirmed',
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

/**
 * Whose value each key holds. Logout removes every value of the person (the next person
 * on a shared handheld must not start in the previous one's platform, seller or warehouse, nor
 * receive their notifications); the device's settings stay: the language is chosen for the place
 * and its staff, the sidebar and the online/offline mode follow the screen and the connection.
 */
export const KEY_OWNERS: Readonly<Record<StorageKey, 'person' | 'device'>> = {
  language: 'device',
  sidebarCollapsed: 'device',
  onlineMode: 'device',
  platform: 'person',
  seller: 'person',
  site: 'person',
  pushToken: 'person',
  notificationAppId: 'person',
  pushRegistration: 'person',
  // The start frame's address and settings carry the person's seller and site.
  frameFirst: 'person',
  // How often the person opened each route: which apps are kept warm for them (frames/warm.ts).
  frameOpens: 'person',
  // A shared device's shift (README "Shared devices"): whose it is, the PIN's salted hash, the lock;
  // and when someone last touched the device. Both end with the shift.
  shift: 'person',
  shiftActivity: 'person',
  // A logout the identity provider has not confirmed (session/unconfirmed-logout.ts): the device's, it
  // outlives the person's values on purpose, and says when, never who.
  unconfirmedLogout: 'device',
};

