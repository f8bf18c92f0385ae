import type { PortalApi } from './portal-api.ts';
import type { Tracker } from './tracking.ts';

/** The API client and tracker of one signed-in page (built by the composition root). */
export interface Services {
  api: PortalApi;
  tracker: Tracker;
  /** The seller sent as X-Seller-Id once start-up has resolved it. */
  setCurrentSeller(sellerId: number): void;
}
