import type { AppKey } from '../config/app-keys.ts';
import type { AppTarget, RouteItem } from '../catalogue/types.ts';
import type { Language } from '../i18n/languages.ts';
import { parseHttpUrl } from './urls.ts';

/**
 * Addresses of embedded pages and external redirects (routes.md §7, shell.md §2): the app's base
 * address from the runtime config, the target path with the route's params filled in, then the
 * query. Every result is validated; null means the address cannot be built safely.
 */

export interface AddressContext {
  /** Base address of each embedded app (runtime config `apps`). */
  readonly apps: Readonly<Partial<Record<AppKey, string>>>;
  readonly language: Language;
  /** Sign-in client id and domain, passed to dashboards. */
  readonly clientId: string;
  readonly oidcDomain: string;
  readonly userId: string;
  readonly sellerId: number | null;
}

export type RouteParams = Readonly<Record<string, string>>;

/** `:name` segments replaced by encoded params; null when one is missing or a dot segment. */
export function fillPathTemplate(template: string, params: RouteParams): string | null {
  const segments: string[] = [];
  for (const segment of template.split('/')) {
    if (!segment.startsWith(':')) {
      segments.push(segment);
      continue;
    }
    const value = params[segment.slice(1)];
    // "." and ".." survive encoding and would climb out of the target path.
    if (value === undefined || value === '' || value === '.' || value === '..') return null;
    segments.push(encodeURIComponent(value));
  }
  return segments.join('/');
}

function targetUrl(target: AppTarget, params: RouteParams, context: AddressContext): URL | null {
  const base = context.apps[target.app];
  const template = typeof target.path === 'string' ? target.path : target.path[context.language];
  const path = fillPathTemplate(template, params);
  if (base === undefined || path === null) return null;
  const url = parseHttpUrl(base.replace(/\/+$/, '') + path);
  if (url && target.dashboardParams) {
    url.searchParams.set('standalone', '2');
    url.searchParams.set('clientId', context.clientId);
    url.searchParams.set('oauthDomain', context.oidcDomain);
  }
  return url;
}

/** The frame address of a route's `iFrameSrc`, carrying the portal's current query string along. */
export function buildFrameSrc(target: AppTarget, params: RouteParams, search: string, context: AddressContext): string | null {
  const url = targetUrl(target, params, context);
  if (!url) return null;
  new URLSearchParams(search).forEach((value, key) => {
    // Dashboard parameters are the shell's to set; a query string cannot override them.
    if (!(target.dashboardParams && url.searchParams.has(key))) url.searchParams.append(key, value);
  });
  return url.toString();
}

/** Where a `redirectOutside` route sends the user, with the user and seller ids it asks for. */
export function buildRedirectUrl(item: RouteItem, params: RouteParams, context: AddressContext): string | null {
  if (!item.redirectOutside) return null;
  const url = targetUrl(item.redirectOutside, params, context);
  if (!url) return null;
  if (item.needAppendUserId) url.searchParams.set('userId', context.userId);
  if (item.needAppendSellerId && context.sellerId !== null) url.searchParams.set('sellerId', String(context.sellerId));
  return url.toString();
}
