import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../dev/testing/chromium.ts';
import { controlledByServiceWorker, expectShell, signIn, useEnglish } from './support.ts';

/**
 * Each brand host answers its own manifest at the stable /manifest.webmanifest, and
 * Chromium finds the portal installable there. Installability needs a real profile: Playwright's
 * usual contexts are incognito (`in-incognito`).
 */
const port = Number(process.env.PORTAL_PORT ?? 4173);
const BRANDS = [
  { origin: `http://portal.localhost:${port}`, name: 'Staff Desktop', themeColor: '#1e6fd9' },
  { origin: `http://staff.portal.localhost:${port}`, name: 'Đông Dương Staff Hub', themeColor: '#0f7a4a' },
];

for (const brand of BRANDS) {
  test(`${brand.name} on ${new URL(brand.origin).hostname} is installable from its own stable manifest, online and offline`, async () => {
    const profile = mkdtempSync(join(tmpdir(), 'staff-portal-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      serviceWorkers: 'allow',
      viewport: { width: 1280, height: 800 },
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await useEnglish(page);
      await signIn(page, 'cashier', `${brand.origin}/`);
      await expectShell(page);
      await controlledByServiceWorker(page);

      const cdp = await context.newCDPSession(page);
      const { url, data, errors } = await cdp.send('Page.getAppManifest');
      expect(url).toBe(`${brand.origin}/manifest.webmanifest`);
      expect(errors).toEqual([]);
      expect(JSON.parse(data ?? '{}')).toMatchObject({
        id: '/',
        name: brand.name,
        short_name: brand.name,
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: brand.themeColor,
      });
      await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);

      // Offline the service worker answers the same manifest, so the installed app keeps its name and icons.
      await context.setOffline(true);
      const offline = await page.evaluate(async () => {
        const response = await fetch('/manifest.webmanifest');
        return { type: response.headers.get('content-type'), body: (await response.json()) as { name: string } };
      });
      expect(offline).toMatchObject({ type: 'application/manifest+json', body: { name: brand.name } });
      await context.setOffline(false);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
}
