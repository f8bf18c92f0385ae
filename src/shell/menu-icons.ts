import homeOutline from 'ionicons-svg/home-outline.svg?raw';
import clipboardOutline from 'ionicons-svg/clipboard-outline.svg?raw';
import receiptOutline from 'ionicons-svg/receipt-outline.svg?raw';
import chatbubblesOutline from 'ionicons-svg/chatbubbles-outline.svg?raw';
import peopleOutline from 'ionicons-svg/people-outline.svg?raw';
import cubeOutline from 'ionicons-svg/cube-outline.svg?raw';
import pricetagsOutline from 'ionicons-svg/pricetags-outline.svg?raw';
import colorPaletteOutline from 'ionicons-svg/color-palette-outline.svg?raw';
import cartOutline from 'ionicons-svg/cart-outline.svg?raw';
import cashOutline from 'ionicons-svg/cash-outline.svg?raw';
import documentTextOutline from 'ionicons-svg/document-text-outline.svg?raw';
import calculatorOutline from 'ionicons-svg/calculator-outline.svg?raw';
import businessOutline from 'ionicons-svg/business-outline.svg?raw';
import carOutline from 'ionicons-svg/car-outline.svg?raw';
import peopleCircleOutline from 'ionicons-svg/people-circle-outline.svg?raw';
import barChartOutline from 'ionicons-svg/bar-chart-outline.svg?raw';
import settingsOutline from 'ionicons-svg/settings-outline.svg?raw';
import storefrontOutline from 'ionicons-svg/storefront-outline.svg?raw';
import notificationsOutline from 'ionicons-svg/notifications-outline.svg?raw';
import mailUnreadOutline from 'ionicons-svg/mail-unread-outline.svg?raw';
import giftOutline from 'ionicons-svg/gift-outline.svg?raw';
import idCardOutline from 'ionicons-svg/id-card-outline.svg?raw';
import briefcaseOutline from 'ionicons-svg/briefcase-outline.svg?raw';
import globeOutline from 'ionicons-svg/globe-outline.svg?raw';
import libraryOutline from 'ionicons-svg/library-outline.svg?raw';
import shieldCheckmarkOutline from 'ionicons-svg/shield-checkmark-outline.svg?raw';
import megaphoneOutline from 'ionicons-svg/megaphone-outline.svg?raw';
import searchOutline from 'ionicons-svg/search-outline.svg?raw';
import constructOutline from 'ionicons-svg/construct-outline.svg?raw';
import pulseOutline from 'ionicons-svg/pulse-outline.svg?raw';
import openOutline from 'ionicons-svg/open-outline.svg?raw';
import ellipseOutline from 'ionicons-svg/ellipse-outline.svg?raw';

/**
 * The icons the catalogue names (ionicons names), each its own SVG file: this module is loaded after
 * the shell has drawn (SidebarMenu), so the menu's ~25 icons are not on the start's critical path.
 * `ionicons/icons` is one module, so importing from it would keep them there.
 */
const dataUrl = (svg: string) => `data:image/svg+xml;utf8,${svg}`;

const MENU_ICONS: Record<string, string> = {
  'home-outline': dataUrl(homeOutline),
  'receipt-outline': dataUrl(receiptOutline),
  'chatbubbles-outline': dataUrl(chatbubblesOutline),
  'people-outline': dataUrl(peopleOutline),
  'cube-outline': dataUrl(cubeOutline),
  'pricetags-outline': dataUrl(pricetagsOutline),
  'color-palette-outline': dataUrl(colorPaletteOutline),
  'cart-outline': dataUrl(cartOutline),
  'cash-outline': dataUrl(cashOutline),
  'document-text-outline': dataUrl(documentTextOutline),
  'calculator-outline': dataUrl(calculatorOutline),
  'business-outline': dataUrl(businessOutline),
  'car-outline': dataUrl(carOutline),
  'people-circle-outline': dataUrl(peopleCircleOutline),
  'bar-chart-outline': dataUrl(barChartOutline),
  'settings-outline': dataUrl(settingsOutline),
  'storefront-outline': dataUrl(storefrontOutline),
  'notifications-outline': dataUrl(notificationsOutline),
  'mail-unread-outline': dataUrl(mailUnreadOutline),
  'gift-outline': dataUrl(giftOutline),
  'id-card-outline': dataUrl(idCardOutline),
  'briefcase-outline': dataUrl(briefcaseOutline),
  'globe-outline': dataUrl(globeOutline),
  'library-outline': dataUrl(libraryOutline),
  'shield-checkmark-outline': dataUrl(shieldCheckmarkOutline),
  'megaphone-outline': dataUrl(megaphoneOutline),
  'search-outline': dataUrl(searchOutline),
  'construct-outline': dataUrl(constructOutline),
  'pulse-outline': dataUrl(pulseOutline),
  // Not a menu's: the header's survey link, which borrows the menu's late icons (HeaderExtras.tsx).
  'clipboard-outline': dataUrl(clipboardOutline),
  // The mark of a link that opens in a new tab (SidebarMenu.tsx): a few items have one.
  'open-outline': dataUrl(openOutline),
};

/** Drawn for a name the catalogue has no icon for. */
export const FALLBACK_MENU_ICON = dataUrl(ellipseOutline);

export function menuIcon(name: string | undefined): string {
  return (name && MENU_ICONS[name]) || FALLBACK_MENU_ICON;
}
