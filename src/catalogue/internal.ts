import { moduleKit, perm } from './define.ts';

/**
 * routes.md §2.4, admin domains only. The spec names no app for these tools; they are framed from
 * the ERP, which hosts the portal's other staff tooling.
 */
const kit = moduleKit({
  path: '/internal',
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
]);
