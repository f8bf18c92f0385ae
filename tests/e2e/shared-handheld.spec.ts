import { expect, test, type Page } from '@playwright/test';
import { activeFrame, appReady, expectShell, IDP, signIn, useEnglish } from './support.ts';

/**
 * A clean shared handheld: after the picker logs out, the next person on the
 * same browser profile finds no trace of the picker in any storage of the portal's origin, nor on
 * screen. A "trace" is anything naming the picker — sub, name, e-mail, phone, SSO id, the chosen
 * site — or any of the picker's tokens. The service worker's caches hold the app's own files
 * (precache), the runtime config and brand images: not personal, but searched all the same. The
 * picker's user name itself is not a marker: "picker" is a word of the app's code (date pickers).
 */
const SITE = 'Kho Cần Thơ';

interface Entry {
  where: string;
  name: string;
  text: string;
}

/** Everything the portal's origin stores: localStorage, sessionStorage, every IndexedDB database, Cache Storage. */
function everythingStored(page: Page): Promise<Entry[]> {
  return page.evaluate(async () => {
    const entries: Entry[] = [];
    for (const [where, storage] of [['localStorage', localStorage], ['sessionStorage', sessionStorage]] as const) {
      for (let index = 0; index < storage.length; index++) {
        const name = storage.key(index)!;
        entries.push({ where, name, text: `${name}=${storage.getItem(name)}` });
      }
    }
    const request = <T,>(action: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        action.onsuccess = () => resolve(action.result);
        action.onerror = () => reject(action.error);
      });
    for (const { name } of await indexedDB.databases()) {
      const database = await request(indexedDB.open(name!));
      for (const store of Array.from(database.objectStoreNames)) {
        const records = await request(database.transaction(store).objectStore(store).getAll());
        entries.push({ where: 'IndexedDB', name: `${name}/${store}`, text: JSON.stringify(records) });
      }
      database.close();
    }
    for (const cacheName of await caches.keys()) {
      const cache = await caches.open(cacheName);
      for (const cached of await cache.keys()) {
        const response = await cache.match(cached);
        entries.push({ where: 'Cache Storage', name: `${cacheName} ${cached.url}`, text: `${cached.url}\n${(await response?.text()) ?? ''}` });
      }
    }
    return entries;
  });
}

const tracesIn = (entries: Entry[], markers: string[]) =>
  entries.flatMap((entry) => markers.filter((marker) => entry.text.includes(marker)).map((marker) => `${entry.where} ${entry.name}: ${marker.slice(0, 24)}`));

test('after the picker logs out, the next person finds no trace of the picker in storage or on screen', async ({ page }) => {
  test.setTimeout(90_000);
  await useEnglish(page);
  await signIn(page, 'picker', '/warehousing/export/picking-process');
  await expectShell(page);

  // Choose a site (stored, then the page reloads into it) and work there.
  await page.getByRole('button', { name: /^Site: / }).click();
  await page.getByRole('menuitemradio', { name: SITE }).click();
  await expect(page.getByRole('button', { name: `Site: ${SITE}` })).toBeVisible();
  await appReady(activeFrame(page));

  const session = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `oidc.user:${IDP}:staff-portal`)) ?? 'null') as {
    access_token: string;
    refresh_token: string;
    id_token: string;
    profile: { sub: string; name: string; email: string; phone_number: string; meta_data: { sso_id: string } };
  };
  const markers = [
    session.profile.sub,
    session.profile.name,
    session.profile.email,
    session.profile.phone_number,
    session.profile.meta_data.sso_id,
    SITE,
    session.access_token,
    session.refresh_token,
    session.id_token,
  ];
  expect(session.profile.sub).toBe('staff-0003');
  // While the picker works the markers are stored (the search below would find them), the site too.
  expect(await page.evaluate(() => localStorage.getItem('currentSite'))).toBe('103');
  await expect
    .poll(async () => new Set(tracesIn(await everythingStored(page), markers).map((trace) => trace.split(' ')[0])))
    .toEqual(new Set(['localStorage', 'IndexedDB']));

  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();

  await signIn(page, 'cashier');
  await expectShell(page);
  await expect(page.getByRole('button', { name: 'Account: Trần Thị Thu Ngân' })).toBeVisible();
  await appReady(activeFrame(page));

  // What the start writes behind the shell may still be on its way: wait for a clean store, not for an
  // idle network (the sample apps' own workers and the shell's tracking can keep it busy under load).
  await expect.poll(async () => tracesIn(await everythingStored(page), markers), { timeout: 15_000 }).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('currentSite'))).toBeNull();
  const screen = await page.locator('body').innerText();
  for (const marker of [session.profile.name, session.profile.email, SITE]) expect(screen).not.toContain(marker);
  // The device's language choice stays: it is the handheld's, not the picker's.
  expect(await page.evaluate(() => localStorage.getItem('localization'))).toBe('"en"');
});
