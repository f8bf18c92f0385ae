import { webStorage } from './web-storage.ts';

/**
 * The only module that touches sessionStorage: small values this tab keeps across the sign-in
 * redirect, and nothing after the tab closes. Never throws: blocked storage reads as empty.
 */
export const TAB_KEYS = {
  /** Problems reported before tracking ran (storage/problems.ts). */
  pendingTracking: 'pendingTrackingEvents',
} as const;

export type TabKey = keyof typeof TAB_KEYS;

const tab = webStorage(() => globalThis.sessionStorage);

/** The raw text under `key`, or null; the caller validates it. */
export const readTab = (key: TabKey): string | null => tab.get(TAB_KEYS[key]);

/** Full or blocked: the value only lives in memory. */
export const writeTab = (key: TabKey, value: string): void => void tab.set(TAB_KEYS[key], value);

export const removeTab = (key: TabKey): void => tab.remove(TAB_KEYS[key]);
