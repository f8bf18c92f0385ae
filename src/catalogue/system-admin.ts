import { moduleKit, perm } from './define.ts';

/** routes.md §2.5, admin domains only; each tool is checked against the service it administers. */
const kit = moduleKit({
  path: '/system-admin',
  title: 'SystemAdmin.Group',
  icon: 'shield-checkmark-outline',
  app: 'erp',
  defaults: { adminOnly: true },
});

export const systemAdmin = kit.group([
  kit.page('support-tool', 'SystemAdmin.SupportTool', { permissions: [perm('staff-bff:support-tool:read')] }),
  kit.page('sql-lookup', 'SystemAdmin.SqlLookup', { permissions: [perm('staff-bff:sql-lookup:read')] }),
  kit.page('catalog-admin', 'SystemAdmin.CatalogAdmin', { permissions: [perm('catalog:admin:read')] }),
  kit.page('staff-admin', 'SystemAdmin.StaffAdmin', { permissions: [perm('staff-bff:staff-admin:read')] }),
  kit.page('policy-admin', 'SystemAdmin.PolicyAdmin', { permissions: [perm('policy:admin:read')] }),
  kit.page('user-admin', 'SystemAdmin.UserAdmin', { permissions: [perm('iam-admin:user:read')] }),
  kit.page('user-support-tool', 'SystemAdmin.UserSupportTool', { permissions: [perm('user-service:support-tool:read')] }),
]);
