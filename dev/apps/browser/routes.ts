/**
 * What a sample app's page shows for a route, shared by the server that renders a page and the page that
 * routes in place (browser-safe: no DOM at module level).
 */

/** The POS's create-order page sells: each sale goes through the portal's outbox (pos-sales.ts), a product scanned chooses it (scanning.ts). */
export const POS_TILL = '/dpos/create-order';

/** The warehouse's handheld picking page takes scans (scanning.ts). */
export const PICKING = '/warehousing/export/picking-process';
export const PICKING_APP = 'warehouseSitePos';

/** The app that deliberately does not route in place, to show the shell's fallback (a new document per route). */
export const LOADS_EVERY_ROUTE = 'finance';

/** The same path with `page` one higher: a link for moving inside an app. */
export function nextPage(pathWithQuery: string): string {
  const url = new URL(pathWithQuery, 'http://app');
  url.searchParams.set('page', String(Number(url.searchParams.get('page') ?? '1') + 1));
  return url.pathname + url.search;
}

/** The page's title for a route. */
export const pageTitle = (appName: string, pathWithQuery: string) => `${appName} – ${pathWithQuery}`;
