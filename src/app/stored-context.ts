import { isNumber, readStored, writeStored } from '../storage/local.ts';

/** The platform, seller and site choices kept locally (shell.md §3). */
export interface StoredPlatform {
  id: number;
  name: string;
  code?: string;
}

const isStoredPlatform = (value: unknown): value is StoredPlatform =>
  typeof value === 'object' && value !== null && isNumber((value as StoredPlatform).id) && typeof (value as StoredPlatform).name === 'string';

export const storedPlatform = () => readStored('platform', isStoredPlatform);
export const storedSellerId = () => readStored('seller', isNumber);
export const storedSiteId = () => readStored('site', isNumber);

/** Site changes reload after 200 ms (shell.md §9), letting the switch close first. */
export const SITE_RELOAD_DELAY_MS = 200;

/** Changing platform, seller or site stores the choice and reloads the page (shell.md §4). */
export function choosePlatform(platform: StoredPlatform): void {
  writeStored('platform', { id: platform.id, name: platform.name, code: platform.code });
  location.reload();
}

export function chooseSeller(sellerId: number): void {
  writeStored('seller', sellerId);
  location.reload();
}

export function chooseSite(siteId: number): void {
  writeStored('site', siteId);
  setTimeout(() => location.reload(), SITE_RELOAD_DELAY_MS);
}
