import type { PermissionRequirement, RouteItem } from '../catalogue/types.ts';

/**
 * Permission matching (shell.md §6, routes.md §6). A user's permissions and roles are indexed once
 * per session (`indexGrants`), so checking the ~500 catalogue items costs set look-ups and binary
 * searches rather than scans of the user's list.
 */

/** Business-intelligence items: any permission beginning with this and ending in the report id opens them. */
export const BI_REPORT_APP = 'bi-report';

export interface Grants {
  /** Exact permission strings. */
  readonly permissions: ReadonlySet<string>;
  /** Sorted copies for prefix look-ups. */
  readonly sortedPermissions: readonly string[];
  readonly sortedRoles: readonly string[];
  /** Last segments of the user's bi-report permissions: the report ids they open. */
  readonly biReportIds: ReadonlySet<string>;
}

export function indexGrants(permissions: readonly string[], roles: readonly string[]): Grants {
  const biReportIds = new Set<string>();
  for (const permission of permissions) {
    if (permission.startsWith(BI_REPORT_APP)) biReportIds.add(permission.slice(permission.lastIndexOf(':') + 1));
  }
  return {
    permissions: new Set(permissions),
    sortedPermissions: [...permissions].sort(),
    sortedRoles: [...roles].sort(),
    biReportIds,
  };
}

/** `app:resource:action`, or the shorter prefix when a prefix requirement leaves parts out. */
export function requirementString({ app, resource, action }: PermissionRequirement): string {
  return [app, resource, action].filter((part) => part !== undefined).join(':');
}

/** Whether some string of the sorted list starts with `prefix`: the first one not below it tells. */
function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && (sorted[low] as string).startsWith(prefix);
}

/** The strings a requirement is checked against. */
interface RequirementKeys {
  /** The requirement itself: the exact permission, or the prefix. */
  readonly own: string;
  /** `app:resource:all`, when the requirement names a resource. */
  readonly resourceWildcard: string | null;
  readonly appWildcard: string;
}

// Catalogue requirements are long-lived objects: building their strings once per requirement
// keeps a menu derivation free of string building (the bulk of its cost otherwise).
const keyCache = new WeakMap<PermissionRequirement, RequirementKeys>();

function keysOf(requirement: PermissionRequirement): RequirementKeys {
  let keys = keyCache.get(requirement);
  if (!keys) {
    const { app, resource } = requirement;
    keys = {
      own: requirementString(requirement),
      resourceWildcard: resource === undefined ? null : `${app}:${resource}:all`,
      appWildcard: `${app}:all:all`,
    };
    keyCache.set(requirement, keys);
  }
  return keys;
}

/** The wildcards that stand for any action on the resource, or anything in the app. */
function hasWildcard(grants: Grants, keys: RequirementKeys): boolean {
  return grants.permissions.has(keys.appWildcard) || (keys.resourceWildcard !== null && grants.permissions.has(keys.resourceWildcard));
}

/** Met by the exact string, by `app:resource:all` or by `app:all:all`. */
export function meetsRequirement(grants: Grants, requirement: PermissionRequirement): boolean {
  const keys = keysOf(requirement);
  return grants.permissions.has(keys.own) || hasWildcard(grants, keys);
}

/**
 * Met by any permission starting with the requirement, or a wildcard. With `withRoles`, also by a
 * role starting with the requirement's resource: the spec's roles are named like resources
 * (`legacy-staff-management`, `qr-game-admin`, `cashier_end_shift`), not like permissions.
 */
function meetsPrefix(grants: Grants, requirement: PermissionRequirement, withRoles: boolean): boolean {
  const keys = keysOf(requirement);
  return (
    hasPrefix(grants.sortedPermissions, keys.own) ||
    (withRoles && hasPrefix(grants.sortedRoles, requirement.resource ?? requirement.app)) ||
    hasWildcard(grants, keys)
  );
}

/** Met by a bi-report permission whose last segment is the report id, the path's last segment. */
function meetsBiReport(grants: Grants, path: string): boolean {
  return grants.biReportIds.has(path.slice(path.lastIndexOf('/') + 1));
}

type Gated = Pick<RouteItem, 'path' | 'permissions' | 'usePermissionPrefix' | 'children'>;

/**
 * Whether the user's grants open the item. Any one of its requirements suffices; an item with no
 * requirement is open. Groups and `usePermissionPrefix` items match by prefix (the latter against
 * roles too), BI items also by report id.
 */
export function permitsItem(grants: Grants, item: Gated): boolean {
  const requirements = item.permissions;
  if (!requirements || requirements.length === 0) return true;
  const byPrefix = item.children !== undefined || item.usePermissionPrefix === true;
  return requirements.some((requirement) => {
    if (byPrefix) return meetsPrefix(grants, requirement, item.usePermissionPrefix === true);
    if (meetsRequirement(grants, requirement)) return true;
    return requirement.app.startsWith(BI_REPORT_APP) && meetsBiReport(grants, item.path);
  });
}
