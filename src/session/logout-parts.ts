/**
 * What other modules add to every logout (Session.logout, leave.ts runs them): the steps before it,
 * the parts while the person is leaving, the clean-up's hooks. Registered at start, so they are in
 * the start's code; the logout's own course loads with the logout.
 */

/** A step before logout: go on, or keep the user signed in (they chose to stay). */
export type LogoutDecision = 'continue' | 'stay';
/** A part of logout's clean-up another module adds (e.g. the IndexedDB cache clears itself). */
export type LogoutHook = () => Promise<void> | void;

export const logoutHooks = new Set<LogoutHook>();

export function onLogout(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => logoutHooks.delete(hook);
}

/**
 * Steps other modules add before logout (e.g. the outbox sends what waits, or asks what to do with
 * it). They run in the order added, while the user is still signed in and their token still works,
 * for every way out — Logout, an app's logout message, End shift; each may ask the user.
 */
export const logoutSteps = new Set<() => Promise<LogoutDecision>>();

export function beforeLogout(step: () => Promise<LogoutDecision>): () => void {
  logoutSteps.add(step);
  return () => logoutSteps.delete(step);
}

/**
 * Parts that run once the person is leaving (no step kept them) but while the shell still stands,
 * before anything of them is removed — for every way out: a shared device's tabs, frames and worker
 * are told whether the person chose End shift, the API refused their token or their session expired.
 */
export const leavingParts = new Set<() => Promise<void>>();

export function whileLeaving(part: () => Promise<void>): () => void {
  leavingParts.add(part);
  return () => leavingParts.delete(part);
}
