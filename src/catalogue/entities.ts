import { listPages, moduleKit, perm, prefix } from './define.ts';
import { EPIC_TIC_41 } from './flags.ts';

/**
 * routes.md §2.20: platforms, sellers and terminals from the sellers service. Every signed-in user
 * reads platforms and sellers (the shell loads them at start-up), so the management screens ask
 * for the sellers service's READ_UI action, as /customer-management does.
 */
const kit = moduleKit({
  path: '/entities',
  title: 'Entities.Group',
  icon: 'globe-outline',
  app: 'sellerCenterV2',
  permissions: [prefix('sellers')],
});

export const entities = kit.group([
  kit.page('platforms', 'Entities.Platforms', { permissions: [perm('sellers:platform:READ_UI')] }),
  kit.page('platforms-tic41', 'Entities.PlatformsTic41', { permissions: [perm('sellers:platform:READ_UI')], flagKey: EPIC_TIC_41 }),
  kit.page('sellers', 'Entities.Sellers', { permissions: [perm('sellers:seller:READ_UI')] }),
  kit.page('terminal-groups', 'Entities.TerminalGroups', { permissions: [perm('sellers:terminal-group:read')] }),
  listPages(kit, 'terminals', 'Entities.Terminals', 'sellers:terminal', [':id']),
  kit.page('providers', 'Entities.Providers', { permissions: [perm('sellers:provider:read')] }),
]);
