import type { RouteItem } from '../catalogue/types.ts';
import type { GatingContext } from '../gating/context.ts';
import { ancestorsIndex, explain, hidesRoute, type Explanation, type Reason } from '../gating/explain.ts';
import { compileRouteMap, type RouteMap } from '../gating/route-map.ts';
import { allowedRoutes } from '../gating/visibility.ts';

/**
 * What the portal shows for an address (pure): a frame, a page of its own, a redirect, an external
 * redirect — or why not, from the same `explain` the menu uses. A route refused for a missing
 * permission is 403; one hidden by a flag, the environment, the host, offline mode or the seller
 * allow-list does not exist for this user: 404 (saying why); no valid site: the 403 page with the
 * no-valid-site message; a seller failing a seller-support rule: the seller-support modals.
 */
export type Resolution =
  | { kind: 'route'; route: RouteItem; params: Readonly<Record<string, string>> }
  | { kind: 'forbidden'; route: RouteItem; reasons: readonly Reason[] }
  | { kind: 'noSite'; route: RouteItem; reasons: readonly Reason[] }
  | { kind: 'sellerNotSupported'; route: RouteItem; params: Readonly<Record<string, string>>; reasons: readonly Reason[] }
  /** `route` is set when the path names a catalogue route hidden from this user. */
  | { kind: 'notFound'; route?: RouteItem; reasons?: readonly Reason[] };

export interface RouteResolver {
  resolve(path: string): Resolution;
  /** Maps a path an embedded app of `app` reports (its own path or a portal path) to a portal path. */
  portalPathFor(app: string | null, path: string): string | null;
  /** `explain` for any catalogue item, its groups' gates included. */
  explain(item: RouteItem): Explanation;
  allowed: readonly RouteItem[];
}

/** Among variants of one path (flag or environment twins), the one closest to opening explains it. */
function closest(candidates: readonly { route: RouteItem; reasons: readonly Reason[] }[]) {
  const rank = ({ reasons }: { reasons: readonly Reason[] }) => (reasons.some(hidesRoute) ? 1000 : 0) + reasons.length;
  return candidates.reduce((best, candidate) => (rank(candidate) < rank(best) ? candidate : best));
}

/** What does not depend on the user: built once per catalogue, on the first address that needs it. */
interface CatalogueIndex {
  ancestors: ReadonlyMap<RouteItem, readonly RouteItem[]>;
  /** Every route of a path pattern (variants share one), for explaining a path nobody may open. */
  existing: RouteMap<{ path: string; routes: RouteItem[] }>;
}
const catalogueIndexes = new WeakMap<readonly RouteItem[], CatalogueIndex>();

function catalogueIndex(catalogue: readonly RouteItem[], allRoutes: readonly RouteItem[]): CatalogueIndex {
  let index = catalogueIndexes.get(allRoutes);
  if (!index) {
    const variants = new Map<string, RouteItem[]>();
    for (const route of allRoutes) variants.set(route.path, [...(variants.get(route.path) ?? []), route]);
    index = { ancestors: ancestorsIndex(catalogue), existing: compileRouteMap([...variants].map(([path, routes]) => ({ path, routes }))) };
    catalogueIndexes.set(allRoutes, index);
  }
  return index;
}

/**
 * The resolver of one user's routes. Only the map of the routes they may open is built at once (the
 * start resolves its address with it); the rest waits for the first address or frame message that
 * needs it, so the start's first render does not build them.
 */
export function createRouteResolver(catalogue: readonly RouteItem[], allRoutes: readonly RouteItem[], context: GatingContext): RouteResolver {
  const allowed = allowedRoutes(catalogue, context);
  const allowedMap = compileRouteMap(allowed);
  const explainItem = (item: RouteItem) => explain(item, context, catalogueIndex(catalogue, allRoutes).ancestors.get(item) ?? []);
  // Reverse maps from each app's own paths (iFrameSrc templates) to the routes that frame them.
  let byApp: Map<string, RouteMap<{ path: string; route: RouteItem }>> | undefined;
  const appMaps = () => {
    if (byApp) return byApp;
    const framedByApp = new Map<string, { path: string; route: RouteItem }[]>();
    for (const route of allowed) {
      const target = route.iFrameSrc;
      if (!target) continue;
      const paths = typeof target.path === 'string' ? [target.path] : Object.values(target.path);
      const list = framedByApp.get(target.app) ?? [];
      for (const path of paths) list.push({ path, route });
      framedByApp.set(target.app, list);
    }
    byApp = new Map([...framedByApp].map(([app, entries]) => [app, compileRouteMap(entries)]));
    return byApp;
  };

  return {
    allowed,
    explain: explainItem,
    resolve(path) {
      const match = allowedMap.match(path);
      if (match) return { kind: 'route', route: match.route, params: match.params };
      const existing = catalogueIndex(catalogue, allRoutes).existing.match(path);
      if (!existing) return { kind: 'notFound' };
      const { route, reasons } = closest(
        existing.route.routes.map((candidate) => {
          const explanation = explainItem(candidate);
          return { route: candidate, reasons: explanation.allowed ? [] : explanation.reasons };
        }),
      );
      if (reasons.length === 0 || reasons.some(hidesRoute)) return { kind: 'notFound', route, reasons };
      if (reasons.some((reason) => reason.kind === 'permission')) return { kind: 'forbidden', route, reasons };
      if (reasons.some((reason) => reason.kind === 'site')) return { kind: 'noSite', route, reasons };
      return { kind: 'sellerNotSupported', route, params: existing.params, reasons };
    },
    portalPathFor(app, path) {
      const [bare = '', query = ''] = splitQuery(path);
      if (allowedMap.match(bare)) return path;
      const viaApp = app ? appMaps().get(app)?.match(bare) : null;
      if (!viaApp) return null;
      const portalPath = fillParams(viaApp.route.route.path, viaApp.params);
      return query ? `${portalPath}?${query}` : portalPath;
    },
  };
}

function splitQuery(path: string): [string, string] {
  const index = path.search(/[?#]/);
  return index < 0 ? [path, ''] : [path.slice(0, index), path.slice(index + 1).replace(/#.*$/, '')];
}

function fillParams(template: string, params: Readonly<Record<string, string>>): string {
  return template
    .split('/')
    .map((segment) => (segment.startsWith(':') ? encodeURIComponent(params[segment.slice(1)] ?? '') : segment))
    .join('/');
}

