import type { RouteItem } from '../catalogue/types.ts';
import { permitsItem } from '../gating/permissions.ts';
import { compileRouteMap, type RouteMap } from '../gating/route-map.ts';
import { allowedRoutes } from '../gating/visibility.ts';
import type { GatingContext } from '../gating/context.ts';

/**
 * What the portal shows for an address (pure): a frame, a page of its own, a redirect, an external
 * redirect — or why not. A route that exists but whose permission the user lacks is 403; one hidden by
 * a flag, the environment, the host or offline mode does not exist for this user: 404.
 */
export type Resolution =
  | { kind: 'route'; route: RouteItem; params: Readonly<Record<string, string>> }
  | { kind: 'forbidden'; route: RouteItem }
  | { kind: 'noSite'; route: RouteItem }
  | { kind: 'notFound' };

export interface RouteResolver {
  resolve(path: string, hasSite: boolean): Resolution;
  /** Maps a path an embedded app of `app` reports (its own path or a portal path) to a portal path. */
  portalPathFor(app: string | null, path: string): string | null;
  allowed: readonly RouteItem[];
}

export function createRouteResolver(catalogue: readonly RouteItem[], allRoutes: readonly RouteItem[], context: GatingContext): RouteResolver {
  const allowed = allowedRoutes(catalogue, context);
  const allowedMap = compileRouteMap(allowed);
  const existingMap = compileRouteMap(allRoutes);
  // Reverse maps from each app's own paths (iFrameSrc templates) to the routes that frame them.
  const byApp = new Map<string, RouteMap<{ path: string; route: RouteItem }>>();
  const framedByApp = new Map<string, { path: string; route: RouteItem }[]>();
  for (const route of allowed) {
    const target = route.iFrameSrc;
    if (!target) continue;
    const paths = typeof target.path === 'string' ? [target.path] : Object.values(target.path);
    const list = framedByApp.get(target.app) ?? [];
    for (const path of paths) list.push({ path, route });
    framedByApp.set(target.app, list);
  }
  for (const [app, entries] of framedByApp) byApp.set(app, compileRouteMap(entries));

  return {
    allowed,
    resolve(path, hasSite) {
      const match = allowedMap.match(path);
      if (match) {
        if (match.route.requireSiteId && !hasSite) return { kind: 'noSite', route: match.route };
        return { kind: 'route', route: match.route, params: match.params };
      }
      const existing = existingMap.match(path);
      if (existing && !permitsItem(context.grants, existing.route)) return { kind: 'forbidden', route: existing.route };
      return { kind: 'notFound' };
    },
    portalPathFor(app, path) {
      const [bare = '', query = ''] = splitQuery(path);
      if (allowedMap.match(bare)) return path;
      const viaApp = app ? byApp.get(app)?.match(bare) : null;
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

