import type { Brand } from '../config/schema.ts';

/** Absolute URL, because a manifest served from a blob: URL resolves nothing relative to the page. */
const absolute = (path: string) => new URL(path, location.origin).href;

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

/** The web app manifest of a brand: the build's default manifest with the brand's name and colour. */
export function brandManifest(brand: Brand, lang: string) {
  return {
    id: '/',
    name: brand.appName,
    short_name: brand.appName,
    lang,
    start_url: absolute('/'),
    scope: absolute('/'),
    display: 'standalone',
    theme_color: brand.themeColor,
    background_color: '#ffffff',
    icons: [
      { src: absolute('/icons/icon-192.png'), sizes: '192x192', type: 'image/png' },
      { src: absolute('/icons/icon-512.png'), sizes: '512x512', type: 'image/png' },
      { src: absolute('/icons/icon-maskable-512.png'), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Document title, favicon, theme colour and installed name follow the brand of location.host. */
export function applyBrand(brand: Brand, lang: string): void {
  document.title = brand.appName;
  setLink('icon', brand.favicon, brand.favicon.endsWith('.svg') ? 'image/svg+xml' : undefined);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.themeColor);
  const manifest = new Blob([JSON.stringify(brandManifest(brand, lang))], { type: 'application/manifest+json' });
  setLink('manifest', URL.createObjectURL(manifest));
}
