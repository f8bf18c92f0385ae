import type { Brand } from '../config/schema.ts';

function setLink(rel: string, href: string, type?: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  if (type) link.type = type;
  link.href = href;
}

/**
 * Document title, favicon and theme colour follow the brand of location.host. The installed name and
 * icons come from /manifest.webmanifest, which the server answers per host (src/config/manifest.ts).
 */
export function applyBrand(brand: Brand): void {
  document.title = brand.appName;
  setLink('icon', brand.favicon, brand.favicon.endsWith('.svg') ? 'image/svg+xml' : undefined);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.themeColor);
}
