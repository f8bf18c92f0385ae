import { moduleKit, perm } from './define.ts';
import { CDP_SMART_BANNER } from './flags.ts';

/** routes.md §2.23: campaigns, journeys, segments and smart banners, each from its own app and service. */
const kit = moduleKit({ path: '/cdp-marketing', title: 'MarketingAutomation.Group', icon: 'megaphone-outline', app: 'marketing' });

const campaignRead = { app: 'campaign', permissions: [perm('marketing-automation:campaign:read')] } as const;
const journeyRead = [perm('marketing-automation:journey:read')];
const smartBanner = { app: 'smartBanner', permissions: [perm('smart-banner:smart-banner:read')], flagKey: CDP_SMART_BANNER } as const;

export const marketingAutomation = kit.group([
  kit.page('campaigns', 'MarketingAutomation.Campaigns', campaignRead),
  kit.hidden('campaigns/detail/:id', 'MarketingAutomation.CampaignDetail', campaignRead),
  kit.page('journey-builder', 'MarketingAutomation.JourneyBuilder', { permissions: journeyRead }),
  kit.hidden('journey-builder/detail', 'MarketingAutomation.JourneyBuilderDetail', { permissions: journeyRead }),
  kit.page('transactions', 'MarketingAutomation.Transactions', { permissions: [perm('marketing-automation:transaction:read')] }),
  kit.page('segmentation/list', 'MarketingAutomation.Segmentation', { app: 'segment', permissions: [perm('user-segment:segment:read')] }),
  kit.page('smart-banner', 'MarketingAutomation.SmartBanner', smartBanner),
  kit.hidden('smart-banner/detail/:id', 'MarketingAutomation.SmartBannerDetail', smartBanner),
]);
