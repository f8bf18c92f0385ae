import { listPages, moduleKit, perm } from './define.ts';
import { SEO_REDIRECTION } from './flags.ts';

/** routes.md §2.24: staff lists from the staff service; SEO redirects from the page builder. */
const staff = moduleKit({ path: '/staff-list', title: 'StaffList.Group', icon: 'briefcase-outline', app: 'sellerCenterV2' });

export const staffList = staff.group([
  listPages(staff, 'business-groups', 'StaffList.BusinessGroups', 'staff-bff:business-group', ['create', ':id']),
  listPages(staff, 'staffs', 'StaffList.Staffs', 'staff-bff:staff-management', ['create', ':id']),
]);

const seo = moduleKit({ path: '/seo-management', title: 'Seo.Group', icon: 'search-outline', app: 'sellerCenter' });

export const seoManagement = seo.group([
  seo.page('redirection', 'Seo.Redirection', { permissions: [perm('page-builder:redirection:read')], flagKey: SEO_REDIRECTION }),
]);
