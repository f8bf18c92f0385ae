/**
 * The only module that touches localStorage. Keys of shell.md §3 "Stored locally" live here,
 * values are JSON, and a corrupt or unreadable value reads as "absent" (with a warning) so the
 * shell never breaks on bad storage.
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
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

function backend(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // access denied (privacy mode, sandboxed frame)
  }
}

/** Reads a stored value; `accept` narrows the parsed JSON and rejects wrong shapes. */
export function readStored<T>(key: StorageKey, accept: (value: unknown) => value is T): T | undefined {
  const raw = backend()?.getItem(STORAGE_KEYS[key]);
  if (raw == null) return undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (accept(value)) return value;
  } catch {
    // fall through: treated as absent
  }
  console.warn(`[storage] ignoring corrupt value under "${STORAGE_KEYS[key]}"`);
  return undefined;
}

export function writeStored(key: StorageKey, value: unknown): void {
  try {
    backend()?.setItem(STORAGE_KEYS[key], JSON.stringify(value));
  } catch (error) {
    console.warn(`[storage] could not store "${STORAGE_KEYS[key]}"`, error);
  }
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) backend()?.removeItem(STORAGE_KEYS[key]);
}

/** Notifies when another tab changes a stored key. */
export function onStoredChange(key: StorageKey, listener: () => void): () => void {
  const handler = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS[key]) listener();
  };
  addEventListener('storage', handler);
  return () => removeEventListener('storage', handler);
}

export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isString = (v: unknown): v is string => typeof v === 'string';
export const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
