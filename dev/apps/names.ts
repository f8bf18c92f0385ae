import type { AppKey } from '../../src/config/app-keys.ts';

/** Display names of the sample embedded apps (routes.md §7); typed so a new app key cannot be forgotten. */
export const APP_NAMES: Record<AppKey, string> = {
  erp: 'ERP',
  sellerCenter: 'Seller Center',
  sellerCenterV2: 'Seller Center V2',
  promotion: 'Promotion Web',
  priceManagement: 'Price Management',
  supplyChain: 'Supply Chain',
  warehouse: 'Warehouse',
  warehouseV2: 'Warehouse V2',
  warehouseSitePos: 'Warehouse Site POS',
  finance: 'Finance',
  pos: 'POS',
  logistics: 'Logistics',
  loyalty: 'Loyalty',
  crm: 'CRM',
  ticket: 'Ticketing',
  rebate: 'Rebate Campaign',
  notification: 'Notification',
  segment: 'User Segment',
  campaign: 'Campaign',
  marketing: 'Marketing Automation',
  smartBanner: 'Smart Banner',
  dataStudio: 'Data Studio',
  dashboardService: 'Dashboard Service',
  superset: 'Superset',
};
