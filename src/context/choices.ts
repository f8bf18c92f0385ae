import { isEntityId, readStored, writeStored, type StoredReader } from '../storage/local.ts';
import { restart } from '../effects/restart.ts';

/** The platform, seller and site choices kept locally (shell.md §3). */
export interface StoredPlatform {
  id: number;
  name: string;
  code?: string;
}

export const isStoredPlatform = (value: unknown): value is StoredPlatform => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { id, name, code } = value as Record<string, unknown>;
  return isEntityId(id) && typeof name === 'string' && (code === undefined || typeof code === 'string');
};

/**
 * The stored choices through `read`: the app's reads, or the boot step's (storage/local.ts peekStored).
 * An id that cannot be a platform, seller or site (0, negative, fractional, not a number) is refused
 * like an absent one: it would otherwise reach X-Seller-Id and fail every call.
 */
export const storedChoices = (read: StoredReader) => ({
  platform: () => read('platform', isStoredPlatform),
  sellerId: () => read('seller', isEntityId),
  siteId: () => read('site', isEntityId),
});
const stored = /* @__PURE__ */ storedChoices(readStored);
// Wrapped, not `stored.platform`: a property read counts as a side effect, and would keep the app's reads in the boot step.
export const storedPlatform = () => stored.platform();
export const storedSellerId = () => stored.sellerId();
export const storedSiteId = () => stored.siteId();

/** Site changes reload after 200 ms (shell.md §9), letting the switch close first. */
export const SITE_RELOAD_DELAY_MS = 200;

/** Changing platform, seller or site stores the choice and reloads the page (shell.md §4). */
export function choosePlatform(platform: StoredPlatform): void {
  writeStored('platform', { id: platform.id, name: platform.name, code: platform.code });
  restart('context');
}

export function chooseSeller(sellerId: number): void {
  writeStored('seller', sellerId);
  restart('context');
}

export function chooseSite(siteId: number): void {
  writeStored('site', siteId);
  setTimeout(() => restart('context'), SITE_RELOAD_DELAY_MS);
}
