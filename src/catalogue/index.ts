import { accounting } from './accounting.ts';
import { cashier } from './cashier.ts';
import { entities } from './entities.ts';
import { internal } from './internal.ts';
import { invoice } from './invoice.ts';
import { logistics } from './logistics.ts';
import { loyalty } from './loyalty.ts';
import { marketingAutomation } from './marketing-automation.ts';
import { orderNotifications, userNotifications } from './notifications.ts';
import { orderHealth } from './order-health.ts';
import { orders } from './orders.ts';
import { pageBuilder } from './page-builder.ts';
import { pos } from './pos.ts';
import { products } from './products.ts';
import { promotions } from './promotions.ts';
import { purchasing } from './purchasing.ts';
import { reportsGroup } from './reports.ts';
import { settings } from './settings.ts';
import { customerManagement, home, shellPages, staffManagement } from './shell.ts';
import { seoManagement, staffList } from './staff-seo.ts';
import { systemAdmin } from './system-admin.ts';
import { systemCatalog } from './system-catalog.ts';
import { crmGroup, ticketsGroup } from './tickets-crm.ts';
import type { RouteItem } from './types.ts';
import { warehousing } from './warehousing.ts';

/** The whole catalogue as the menu tree (groups and top-level pages), in menu order (shell.md §1). */
export const CATALOGUE: readonly RouteItem[] = [
  home,
  orders,
  ticketsGroup,
  crmGroup,
  products,
  promotions,
  pageBuilder,
  purchasing,
  cashier,
  invoice,
  accounting,
  warehousing,
  logistics,
  customerManagement,
  reportsGroup,
  settings,
  pos,
  userNotifications,
  orderNotifications,
  loyalty,
  staffManagement,
  staffList,
  entities,
  systemCatalog,
  systemAdmin,
  marketingAutomation,
  seoManagement,
  internal,
  orderHealth,
  ...shellPages,
];

/** Every item of the tree, groups included, parents before their children. */
export function flattenCatalogue(items: readonly RouteItem[] = CATALOGUE): RouteItem[] {
  return items.flatMap((item) => [item, ...flattenCatalogue(item.children ?? [])]);
}

/** Every navigable route (the tree's leaves), detail pages and shell pages included. */
export const ALL_ROUTES: readonly RouteItem[] = flattenCatalogue().filter((item) => !item.children);
