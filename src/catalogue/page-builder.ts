import { listPages, moduleKit, perm, type PageOptions } from './define.ts';
import { CUSTOM_INTERFACE, WEBSITE_EDITOR } from './flags.ts';
import type { PermissionRequirement } from './types.ts';

/** routes.md §2.9: page-builder pages live in seller centre v1. */
const kit = moduleKit({ path: '/page-builder', title: 'PageBuilder.Group', icon: 'color-palette-outline', app: 'sellerCenter' });

/** Holding it (with the website-editor flag on) replaces the custom-interface redirects (shell.md §5). */
export const WEBSITE_EDITOR_READ: PermissionRequirement = perm('page-builder:website-editor:read');

/** The custom website / app interfaces are edited outside the shell, for the configured website or app. */
function customInterface(kind: 'web' | 'app'): PageOptions {
  return {
    src: `/custom-interface/${kind}`,
    isCustomWebsiteItem: kind,
    permissions: [perm('page-builder:custom-interface:admin')],
    flagKey: CUSTOM_INTERFACE,
    needAppendSellerId: true,
    needAppendUserId: true,
  };
}

export const pageBuilder = kit.group([
  kit.page('website-editors', 'PageBuilder.WebsiteEditors', { permissions: [WEBSITE_EDITOR_READ], flagKey: WEBSITE_EDITOR }),
  kit.external('custom-website', 'PageBuilder.CustomWebsite', customInterface('web')),
  kit.external('custom-app', 'PageBuilder.CustomApp', customInterface('app')),
  listPages(kit, 'banner-types', 'PageBuilder.BannerTypes', 'page-builder:banner-type', ['create', ':id']),
  kit.hidden('banner-types/:id/banners', 'PageBuilder.BannerTypeBanners', { permissions: [perm('page-builder:banner:read')] }),
  listPages(kit, 'urls', 'PageBuilder.Urls', 'page-builder:url', ['create', ':id']),
  listPages(kit, 'marketing-campaigns', 'PageBuilder.MarketingCampaigns', 'page-builder:marketing-campaign', ['create', ':id']),
  listPages(kit, 'menus', 'PageBuilder.Menus', 'page-builder:menu', ['create', ':id']),
  listPages(kit, 'banners', 'PageBuilder.Banners', 'page-builder:banner', ['create', ':id']),
  listPages(kit, 'landing-pages', 'PageBuilder.LandingPages', 'page-builder:landing-page', ['create', ':id']),
  listPages(kit, 'news', 'PageBuilder.News', 'page-builder:news', ['create', ':id']),
  listPages(kit, 'landing-blocks', 'PageBuilder.LandingBlocks', 'page-builder:landing-block', [':id']),
  kit.page('smart-banners', 'PageBuilder.SmartBanners', { app: 'smartBanner', permissions: [perm('smart-banner:smart-banner:read')] }),
]);
