import { brandForHost } from './brand.ts';
import type { Brand, RuntimeConfig } from './schema.ts';

/**
 * The web app manifest of a brand, served at the stable address /manifest.webmanifest of each host
 * (dev server and preview: scripts/vite-plugins.ts; nginx: scripts/nginx-conf.ts; offline: the
 * service worker's copy). Browsers recognise an installed app by its manifest address and id, and
 * update its name and icons from it, so the address never changes. Addresses are relative to the
 * manifest, which is the host's root. Pure.
 */
export const MANIFEST_PATH = '/manifest.webmanifest';
export const MANIFEST_CONTENT_TYPE = 'application/manifest+json';

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
}

export function brandManifest(brand: Brand): WebAppManifest {
  return {
    id: '/',
    name: brand.appName,
    short_name: brand.appName,
    description: brand.appName,
    // The server does not know the user's language: the portal's default one.
    lang: 'vi',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: brand.themeColor,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** The manifest for a request's Host header; null for a host the config does not know (no default brand). */
export function manifestForHost(config: Pick<RuntimeConfig, 'brands'>, host: string): WebAppManifest | null {
  const brand = brandForHost(config, host);
  return brand ? brandManifest(brand) : null;
}
