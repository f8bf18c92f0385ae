import { listPages, moduleKit, perm, prefix } from './define.ts';
import { DELIVERY_REPORT, ROUTE_MANAGEMENT } from './flags.ts';

/** routes.md §2.15: logistics app pages; the group opens for anyone holding a logistics permission. */
const kit = moduleKit({
  path: '/logistics',
  title: 'Logistics.Group',
  icon: 'car-outline',
  app: 'logistics',
  permissions: [prefix('logistics')],
});

/** The spec names "three export-data pages (ext)" only; these are the logistics data sets exported. */
const EXPORT_DATA = [
  ['bols', 'Logistics.ExportBols'],
  ['delivery-requests', 'Logistics.ExportDeliveryRequests'],
  ['cod', 'Logistics.ExportCod'],
] as const;

const routeManagement = { permissions: [perm('logistics:route:read')], flagKey: ROUTE_MANAGEMENT } as const;

export const logistics = kit.group([
  kit.page('dashboard', 'Logistics.Dashboard', { permissions: [perm('logistics:dashboard:read')] }),
  kit.page('bols', 'Logistics.Bols', { permissions: [perm('logistics:bol:read')] }),
  kit.page('merge-bols', 'Logistics.MergeBols', { permissions: [perm('logistics:bol:update')] }),
  kit.page('bus-lines', 'Logistics.BusLines', { permissions: [perm('logistics:bus-line:read')] }),
  kit.page('dashboard-v2', 'Logistics.DashboardV2', { permissions: [perm('logistics:dashboard:read')] }),
  listPages(kit, 'delivery-requests', 'Logistics.DeliveryRequests', 'logistics:delivery-request', [':id']),
  kit.page('print-labels', 'Logistics.PrintLabels', { permissions: [perm('logistics:label:read')] }),
  kit.page('error-requests', 'Logistics.ErrorRequests', { permissions: [perm('logistics:delivery-request:read')] }),
  EXPORT_DATA.map(([data, title]) =>
    kit.external(`export-data/${data}`, title, { src: `/export/${data}`, permissions: [perm('logistics:export:read')] }),
  ),
  kit.page('route-management', 'Logistics.RouteManagement', routeManagement),
  kit.page('route-management/configuration', 'Logistics.RouteConfiguration', {
    permissions: [perm('logistics:route:update')],
    flagKey: ROUTE_MANAGEMENT,
  }),
  kit.hidden('route-management/:id', 'Logistics.RouteManagementDetail', routeManagement),
  kit.page('action-history', 'Logistics.ActionHistory', { permissions: [perm('logistics:action-history:read')] }),
  kit.page('delivery-report', 'Logistics.DeliveryReport', {
    permissions: [perm('logistics:report:read:delivery_report')],
    flagKey: DELIVERY_REPORT,
  }),
]);
