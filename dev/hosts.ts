import type { AppKey } from '../src/config/app-keys.ts';

/**
 * Host names and origins of the local stack. Chromium resolves every *.localhost name to loopback by
 * itself, so each server can have a real, distinct origin without touching /etc/hosts. Node-side
 * code never resolves these names (glibc may not): it talks to 127.0.0.1 with a Host header.
 */

export const LOOPBACK = '127.0.0.1';
/** The sign-in domain (config oidc.domain): embedded apps on its sub-domains may ask for user data. */
export const SIGN_IN_DOMAIN = 'portal.localhost';
/** The warehouse pickers' shared handhelds: its brand in fixtures/portal.json carries the shared-device policy. */
export const HANDHELD_HOST = `handheld.${SIGN_IN_DOMAIN}`;
/**
 * Host names the portal answers on: the default brand, a second brand, the admin domain and the
 * warehouse's shared handhelds (HANDHELD_HOST), all on
 * the sign-in domain so the portal and its embedded apps are one site (as in production): browsers
 * that block third-party storage would otherwise deny the apps their cookies, caches and service
 * workers inside the frames. Plain localhost and loopback work too, but with cross-site frames.
 */
export const PORTAL_HOSTS = [`portal.localhost`, `staff.portal.localhost`, `admin.portal.localhost`, HANDHELD_HOST, 'localhost', LOOPBACK] as const;
export const ADMIN_HOSTS = ['admin.portal.localhost'];

export const issuerUrl = (port: number) => `http://id.${SIGN_IN_DOMAIN}:${port}`;
export const apiOrigin = (port: number) => `http://api.${SIGN_IN_DOMAIN}:${port}`;

/** `sellerCenterV2` → `seller-center-v2`. */
export const kebabCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

export const appHostName = (key: AppKey) => `${kebabCase(key)}.${SIGN_IN_DOMAIN}`;
export const appOrigin = (key: AppKey, port: number) => `http://${appHostName(key)}:${port}`;

/** Every origin the portal may be opened on, for each of the given ports. */
export function portalOrigins(ports: readonly number[]): string[] {
  return [...new Set(ports)].flatMap((port) => PORTAL_HOSTS.map((host) => `http://${host}:${port}`));
}
