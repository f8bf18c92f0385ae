import { OUTBOX_LIMITS, type OutboxRefusal } from '../../packages/frame-client/outbox.ts';

/**
 * Who may write where (pure): an app's writes go only to the API base addresses the runtime config
 * gives that app, and an app has at most OUTBOX_LIMITS.waitingPerApp writes not yet delivered.
 */

/** Percent-encoded slashes and backslashes: a server that decodes them could be walked out of the base path. */
const ENCODED_SEPARATOR = /%2f|%5c/i;

/** Whether `url` lies under `base`: same origin, and the base's path as a whole first segment(s). */
export function isUnderBase(url: string, base: string): boolean {
  if (!URL.canParse(url) || !URL.canParse(base)) return false;
  const target = new URL(url);
  const root = new URL(base);
  if (target.origin !== root.origin || target.username || target.password || ENCODED_SEPARATOR.test(target.pathname)) return false;
  const prefix = root.pathname.endsWith('/') ? root.pathname : `${root.pathname}/`;
  return target.pathname === root.pathname || target.pathname.startsWith(prefix);
}

/** Why a checked write of `app` is refused here, or null when it may be stored. */
export function refusalFor(url: string, bases: readonly string[], waiting: number): OutboxRefusal | null {
  if (!bases.some((base) => isUnderBase(url, base))) return 'url-not-allowed';
  if (waiting >= OUTBOX_LIMITS.waitingPerApp) return 'too-many-entries';
  return null;
}
