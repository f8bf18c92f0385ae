import { perm, prefix, topPage } from './define.ts';
import type { RouteItem } from './types.ts';

/** The shell's own routes (shell.md §2, routes.md §2.1). */

/** Home: the ERP's to-do list, also the one page of the reduced offline shell. */
export const home = topPage('/', 'Shell.TodoList', 'home-outline', 'erp', {
  supportOfflineMode: true,
  hideBreadcrumb: true,
});

export const customerManagement = topPage('/customer-management', 'Shell.CustomerManagement', 'people-circle-outline', 'sellerCenter', {
  src: '/dealers',
  permissions: [perm('sellers:dealer:READ_UI')],
  guide: { serviceCode: 'seller-center', userGuideCode: 'customer-management' },
});

export const staffManagement = topPage('/staff-management', 'Shell.StaffManagement', 'id-card-outline', 'sellerCenter', {
  src: '/users',
  permissions: [prefix('staff-bff:legacy-staff-management')],
  usePermissionPrefix: true,
});

/** Error and maintenance pages are drawn by the shell itself, so they work offline too. */
const ownPage = { hideInMenu: true, supportOfflineMode: true } as const;

/** Error, maintenance and redirect routes: reachable by address, never in the menu. */
export const shellPages: readonly RouteItem[] = [
  { path: '/403', title: 'Shell.Forbidden', shellPage: 'forbidden', ...ownPage },
  { path: '/404', title: 'Shell.NotFound', shellPage: 'notFound', ...ownPage },
  { path: '/500', title: 'Shell.ServerError', shellPage: 'serverError', ...ownPage },
  { path: '/upgrading', title: 'Shell.Upgrading', shellPage: 'upgrading', ...ownPage },
  // shell.md §2: /menu-tracking redirects to /menu-directory. The menu directory itself lives in the
  // internal (admin-only) group, so /menu-directory forwards there; elsewhere that ends on /404.
  { path: '/menu-tracking', title: 'Internal.MenuDirectory', redirectTo: '/menu-directory', hideInMenu: true },
  { path: '/menu-directory', title: 'Internal.MenuDirectory', redirectTo: '/internal/menu-directory', hideInMenu: true },
];
