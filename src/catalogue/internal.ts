import { CALL_PERMISSIONS } from '../api/call-permissions.ts';
import { moduleKit, perm } from './define.ts';

/** The internal group's path: its routes never show in other users' menu search. */
export const INTERNAL_GROUP_PATH = '/internal';

/** Opens the access explorer, support's view of why a user can or cannot open a route (drawn by the shell). */
export const ACCESS_EXPLORER_PERMISSION = CALL_PERMISSIONS.accessPresets;

/**
 * routes.md §2.4, admin domains only. The spec names no app for these tools; they are framed from
 * the ERP, which hosts the portal's other staff tooling.
 */
const kit = moduleKit({
  path: INTERNAL_GROUP_PATH,
  title: 'Internal.Group',
  icon: 'construct-outline',
  app: 'erp',
  defaults: { adminOnly: true },
});

export const internal = kit.group([
  kit.page('menu-directory', 'Internal.MenuDirectory', { permissions: [perm('staff-bff:menu-directory:read')] }),
  kit.page('role-per-mgt', 'Internal.RolePerMgt', { permissions: [perm('staff-bff:role-permission:read')] }),
  kit.page('flags-list', 'Internal.FlagsList', { permissions: [perm('staff-bff:feature-flag:read')] }),
  kit.page('config-upgrade-time', 'Internal.ConfigUpgradeTime', { permissions: [perm('staff-bff:website-config:update')] }),
  // Support's "why can't they open it" view: the shell's own page, no frame.
  kit.shell('access-explorer', 'Internal.AccessExplorer', { shellPage: 'accessExplorer', permissions: [perm(ACCESS_EXPLORER_PERMISSION)] }),
]);
