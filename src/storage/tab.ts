/**
 * The only module that touches sessionStorage: small values this tab keeps across the sign-in
 * redirect, and nothing after the tab closes. Never throws: blocked storage reads as empty.
 */
export const TAB_KEYS = {
  /** Tracking events reported before any tracker ran (api/tracking.ts). */
  pendingTracking: 'pendingTrackingEvents',
} as const;

export type TabKey = keyof typeof TAB_KEYS;

function backend(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The raw text under `key`, or null; the caller validates it. */
export function readTab(key: TabKey): string | null {
  try {
    return backend()?.getItem(TAB_KEYS[key]) ?? null;
  } catch {
    return null;
  }
}

export function writeTab(key: TabKey, value: string): void {
  try {
    backend()?.setItem(TAB_KEYS[key], value);
  } catch {
    // full or blocked: the value only lives in memory
  }
}

export function removeTab(key: TabKey): void {
  try {
    backend()?.removeItem(TAB_KEYS[key]);
  } catch {
    // blocked: nothing was kept
  }
}
