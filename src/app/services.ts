import i18next from 'i18next';
import { ApiClient, type ApiFailure } from '../api/client.ts';
import { createPortalApi } from '../api/portal-api.ts';
import type { Services } from '../api/services.ts';
import { SellerHeader } from '../api/seller-header.ts';
import { Tracker } from '../api/tracking.ts';
import type { Session } from '../session/session.ts';
import { notify } from '../ui/notify.ts';
import { whenIdle } from '../ui/idle.ts';
import type { Runtime } from '../config/runtime.ts';
import { storedSellerId } from '../context/choices.ts';

const FAILURE_TEXT: Record<ApiFailure, string> = {
  http: 'Messages.SystemError',
  timeout: 'Messages.RequestTimeout',
  network: 'Messages.NetworkError',
};

/** 'Error' notification with the server's message, or the text of the failure kind. */
export function notifyApiError(failure: ApiFailure, message: string | null): void {
  notify('error', message ?? i18next.t(FAILURE_TEXT[failure]), { header: i18next.t('Error'), duration: 6000 });
}

/**
 * The API client and tracker of one signed-in page, wired to the session and the router.
 * `claimedSeller` is the user's one claimed seller: calls carry it from the first one on.
 */
export function createServices(runtime: Runtime, session: Session, goToForbidden: () => void, claimedSeller: number | null = null): Services {
  const seller = new SellerHeader({ claimed: claimedSeller, stored: storedSellerId });
  const client = new ApiClient({
    accessToken: () => session.validAccessToken(),
    seller,
    renewAfterUnauthorized: () => session.renewAfterUnauthorized(),
    onUnauthorized: () => void session.logout(),
    onForbidden: goToForbidden,
    onError: ({ failure, message }) => notifyApiError(failure, message),
    // The tracker is created below; these hooks only run once calls are made.
    onErrorTracked: (error) => tracker.event('custom', 'api_error', { ...error }),
    onTiming: (timing) => tracker.timing(timing),
  });
  const api = createPortalApi(client, runtime.config.api);
  // The waiting problems are read from this tab's sessionStorage, whose first read in a page waits on
  // the browser (tens of ms of a handheld's start): after the first screen.
  const tracker = new Tracker((batch) => api.sendTracking(batch), { drainWhen: whenIdle });
  return {
    api,
    tracker,
    setCurrentSeller: (sellerId) => seller.set(sellerId),
  };
}
