import { moduleKit, perm } from './define.ts';
import { ORDER_NOTIFICATION_CLONE } from './flags.ts';

/**
 * routes.md §2.17. Order notifications have "their own service" per routes.md §6, but shell.md §6
 * lists no such service: they are read as the notification service's order-notification resource.
 */
const user = moduleKit({ path: '/user-notifications', title: 'UserNotifications.Group', icon: 'notifications-outline', app: 'notification' });

export const userNotifications = user.group([
  user.page('list', 'UserNotifications.List', { permissions: [perm('notification:notification:read')] }),
  user.page('history', 'UserNotifications.History', { permissions: [perm('notification:history:read')] }),
  user.page('template', 'UserNotifications.Template', { permissions: [perm('notification:template:read')] }),
  user.page('params', 'UserNotifications.Params', { permissions: [perm('notification:param:read')] }),
  user.page('report', 'UserNotifications.Report', { permissions: [perm('notification:report:READ_REPORT')] }),
  user.page('zalo', 'UserNotifications.Zalo', { permissions: [perm('notification:zalo:read')] }),
]);

const order = moduleKit({ path: '/order-notifications', title: 'OrderNotifications.Group', icon: 'mail-unread-outline', app: 'notification' });

export const orderNotifications = order.group([
  order.page('list', 'OrderNotifications.List', { permissions: [perm('notification:order-notification:read')] }),
  order.hidden('create', 'OrderNotifications.Create', { permissions: [perm('notification:order-notification:create')] }),
  order.hidden('update/:id', 'OrderNotifications.Update', { permissions: [perm('notification:order-notification:update')] }),
  order.hidden('clone/:id', 'OrderNotifications.Clone', {
    permissions: [perm('notification:order-notification:create')],
    flagKey: ORDER_NOTIFICATION_CLONE,
  }),
]);
