import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { activeFrame, appOrigin, appReady, controlledByServiceWorker, deliverPush, expectShell, IDP, saleLine, salesOf, sell, shownNotifications, signIn, useEnglish, type FixtureUser } from './support.ts';
import { PORTAL_CLIENT_ID } from '../../dev/stack-config.ts';

/**
 * A clean shared handheld: after the picker leaves, the next person on the same browser profile finds
 * no trace of the picker in any storage of the portal's origin, nor on screen. A "trace" is anything
 * naming the picker — sub, name, e-mail, phone, SSO id, the chosen site — or any of the picker's
 * tokens. The service worker's caches hold the app's own files (precache), the runtime config and
 * brand images: not personal, but searched all the same. The picker's user name itself is not a
 * marker: "picker" is a word of the app's code (date pickers).
 *
 * First Logout on a personal device's host; then the shared handheld's host (README "Shared devices"):
 * the idle lock, the PIN, End shift with a second tab and kept-alive frames, the next picker.
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

/** The signed-in person's session entry, and what of it names them. */
async function personMarkers(page: Page, idp = IDP) {
  const session = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), `oidc.user:${idp}:staff-portal`)) ?? 'null') as {
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
  return { session, markers };
}

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

  const { session, markers } = await personMarkers(page);
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

test.describe('a shared handheld', () => {
  /** The host whose brand turns the shared-device policy on (dev/fixtures/portal.json): 5 min to the lock, PINs of 4 digits, 5 tries. */
  const HANDHELD = `http://handheld.portal.localhost:${process.env.PORTAL_PORT ?? 4173}`;
  const PICKING = '/warehousing/export/picking-process';
  const DRAFT = 'Kệ A3: thiếu 2 thùng';
  const WAREHOUSE_SITE_POS = appOrigin('warehouse-site-pos');
  const ERP = appOrigin('erp');

  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  test.beforeEach(async ({ page }) => useEnglish(page));

  /** The next person's sign-in on the handheld: its own page first, then the provider's form. */
  async function signInHere(page: Page, user: FixtureUser, path = '/') {
    await page.goto(`${HANDHELD}${path}`);
    await nextPersonSignsIn(page, user);
  }

  async function nextPersonSignsIn(page: Page, user: FixtureUser) {
    await page.getByRole('heading', { name: 'Next person: sign in' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.getByLabel('Username').fill(user);
    await page.getByLabel('Password').fill(`${user}123`);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL((url) => url.origin === HANDHELD && !url.pathname.startsWith('/callback'));
  }

  /** Right after sign-in the PIN is offered: set it (typed twice) or skip it. */
  async function answerPinOffer(page: Page, pin: string | null) {
    const offer = page.getByRole('dialog', { name: 'Set a PIN for this shift' });
    await offer.waitFor();
    if (pin === null) await offer.getByRole('button', { name: 'Skip' }).tap();
    else {
      await offer.getByLabel('PIN', { exact: true }).fill(pin);
      await offer.getByLabel('PIN again').fill(pin);
      await offer.getByRole('button', { name: 'Set PIN' }).tap();
    }
    await expect(offer).toBeHidden();
  }

  /** Nobody touches the device from now on: focus leaves the frame (touches in it count), then time passes. */
  async function putDown(page: Page, minutes: string) {
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.fastForward(minutes);
  }

  const lockScreen = (page: Page) => page.getByRole('dialog', { name: 'Screen locked' });

  /** Nothing of the work is visible or reachable: frames hidden and inert, focus never in them. */
  async function expectWorkHidden(page: Page, draft: Locator) {
    await expect(page.locator('.frame-host iframe').first()).toBeHidden();
    await expect(draft).toBeHidden();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    expect(await page.locator('body').innerText()).not.toMatch(/Picking|To-do list|Work in progress/);
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('IFRAME');
    }
  }

  test('idle: the countdown, then the lock, with nothing of the work visible or focusable and the edit kept; the PIN unlocks', async ({ page }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await signInHere(page, 'picker', PICKING);
    await answerPinOffer(page, '2468');
    const frame = activeFrame(page);
    await appReady(frame);
    const draft = frame.getByLabel('Draft note');
    await draft.fill(DRAFT);

    await putDown(page, '04:01');
    const countdown = page.getByRole('alertdialog', { name: 'Still here?' });
    await expect(countdown).toContainText(/The screen locks in \d+ s/);
    await countdown.getByRole('button', { name: 'Still here' }).tap();
    await expect(countdown).toBeHidden();
    await putDown(page, '04:01');
    await expect(countdown).toBeVisible();
    await page.clock.fastForward('01:00');

    const lock = lockScreen(page);
    await expect(lock).toBeVisible();
    await expect(lock).toContainText('Lê Văn Kho');
    await expect(lock).toContainText('VK');
    await expectWorkHidden(page, draft);
    // A reload keeps the lock: the work never shows.
    await page.reload();
    await expect(lockScreen(page)).toBeVisible();
    await expect(page.locator('#root')).toHaveAttribute('inert', '');

    await lockScreen(page).getByLabel('PIN').fill('2468');
    await expect(lockScreen(page)).toBeHidden();
    await appReady(activeFrame(page));
    await expect(activeFrame(page).getByLabel('Draft note')).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');
  });

  test('a lock keeps the frame alive under it: the edit in progress is there after the PIN, checked on the device without a connection', async ({ page, context }) => {
    await page.clock.install();
    await signInHere(page, 'picker', PICKING);
    await answerPinOffer(page, '2468');
    const frame = activeFrame(page);
    await appReady(frame);
    const loadedAt = await frame.locator('#loaded-at').getAttribute('datetime');
    await frame.getByLabel('Draft note').fill(DRAFT);
    await putDown(page, '05:01');
    await expect(lockScreen(page)).toBeVisible();
    await context.setOffline(true);
    await lockScreen(page).getByLabel('PIN').fill('2468');
    await expect(lockScreen(page)).toBeHidden();
    await context.setOffline(false);
    await expect(frame.getByLabel('Draft note')).toHaveValue(DRAFT);
    // The same page, not a reload.
    await expect(frame.locator('#loaded-at')).toHaveAttribute('datetime', loadedAt!);
  });

  test('wrong PINs end the shift: the next person’s sign-in, nothing of the picker kept', async ({ page }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await signInHere(page, 'picker', PICKING);
    await answerPinOffer(page, '2468');
    await appReady(activeFrame(page));
    await putDown(page, '05:01');
    const lock = lockScreen(page);
    for (const [index, pin] of ['0000', '1111', '2222', '3333'].entries()) {
      await lock.getByLabel('PIN').fill(pin);
      await expect(lock.getByRole('alert')).toHaveText(`Wrong PIN. Tries left: ${4 - index}.`);
    }
    await lock.getByLabel('PIN').fill('4444');
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => ['sharedDeviceShift', 'sharedDeviceActivity', 'currentSite'].map((key) => localStorage.getItem(key)))).toEqual([null, null, null]);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('oidc.')))).toEqual([]);
  });

  test('a device left alone past the shift’s idle limit ends the shift by itself', async ({ page }) => {
    await page.clock.install();
    await signInHere(page, 'picker', PICKING);
    await answerPinOffer(page, '2468');
    await appReady(activeFrame(page));
    await putDown(page, '30:01');
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('sharedDeviceShift'))).toBeNull();
  });

  test('"Not you?" ends the shift at once; signing in again as the same person unlocks', async ({ page }) => {
    test.setTimeout(90_000);
    await page.clock.install();
    await signInHere(page, 'picker', PICKING);
    await answerPinOffer(page, null);
    const frame = activeFrame(page);
    await appReady(frame);
    await frame.getByLabel('Draft note').fill(DRAFT);
    await putDown(page, '05:01');
    const lock = lockScreen(page);
    // No PIN this shift: unlocking is a sign-in, with the person's name filled in.
    await expect(lock.getByLabel('PIN')).toHaveCount(0);
    const popup = page.waitForEvent('popup');
    await lock.getByRole('button', { name: 'Sign in again' }).tap();
    const form = await popup;
    await expect(form.getByLabel('Username')).toHaveValue('picker');
    await form.getByLabel('Password').fill('picker123');
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(lock).toBeHidden();
    await expect(frame.getByLabel('Draft note')).toHaveValue(DRAFT);

    await putDown(page, '05:01');
    await lockScreen(page).getByRole('button', { name: 'Not you? End the shift' }).tap();
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
  });

  test('End shift: the other tab and the kept-alive frames react within a second, the next picker signs in at the provider’s form, the first picker’s late push is not shown, and nothing of them is left', async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['notifications'], { origin: HANDHELD });
    await signInHere(page, 'picker', PICKING);
    await answerPinOffer(page, null);
    await controlledByServiceWorker(page);

    // Work: a draft on the picking screen in the chosen site, which then stays alive behind the home page.
    await page.getByRole('button', { name: /^Site: / }).tap();
    await page.getByRole('menuitemradio', { name: SITE }).tap();
    // The page starts again in the chosen site (its full start runs the start-up calls again).
    await expect(page.getByRole('button', { name: `Site: ${SITE}` })).toBeVisible({ timeout: 20_000 });
    await appReady(activeFrame(page));
    await activeFrame(page).getByLabel('Draft note').fill(DRAFT);
    await page.getByRole('button', { name: 'Toggle sidebar' }).tap();
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'To-do list', exact: true }).tap();
    await expect(page).toHaveURL(`${HANDHELD}/`);
    await appReady(activeFrame(page));
    await activeFrame(page).getByLabel('Draft note').fill(DRAFT);
    const { session: picker, markers } = await personMarkers(page);

    // A second tab of the portal, signed in as the same picker.
    const other = await context.newPage();
    await other.goto(`${HANDHELD}/`);
    await expectShell(other);
    await appReady(activeFrame(other));

    // Both apps keep the draft in their own storage; each clears it when told the person left.
    const appFrame = (origin: string) => {
      const found = page.frames().find((frame) => frame.url().startsWith(`${origin}/`));
      if (!found) throw new Error(`no frame of ${origin}`);
      return found;
    };
    // Each app's page says when the shell's word reached it and its storage was cleared by then (the
    // app's onSessionEnd runs first, as it listened first): the frame is removed right after.
    const clearedAt = new Map<string, number>();
    page.on('console', (message) => {
      const [said, origin] = message.text().split(' ');
      if (said === 'e2e-draft-cleared' && origin) clearedAt.set(origin, Date.now());
    });
    for (const origin of [ERP, WAREHOUSE_SITE_POS]) {
      await appFrame(origin).evaluate((draft) => {
        if (localStorage.getItem('sample-app:draft') !== draft) throw new Error('the draft is not stored');
        addEventListener('message', (event) => {
          if ((event.data as { type?: unknown } | null)?.type === 'session-end' && localStorage.getItem('sample-app:draft') === null) console.log(`e2e-draft-cleared ${location.origin}`);
        });
      }, DRAFT);
    }

    await page.bringToFront();
    await page.evaluate(() => ((window as { shiftPage?: boolean }).shiftPage = true));
    await page.getByRole('button', { name: /^Account: / }).tap();
    const tapped = Date.now();
    await page.getByRole('menuitem', { name: 'End shift' }).tap();
    // The other tab leaves the signed-in screens at once; the kept-alive frames, the hidden one too, clear their storage.
    await expect(other.getByRole('button', { name: /^Account: / })).toBeHidden({ timeout: 1000 });
    await expect.poll(() => [...clearedAt.keys()].sort()).toEqual([ERP, WAREHOUSE_SITE_POS]);
    for (const at of clearedAt.values()) expect(at - tapped).toBeLessThan(1000);
    await expect(other.locator('.frame-host iframe')).toHaveCount(0, { timeout: 2500 });
    await expect(other.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible();

    // The shift's page shows the next person's sign-in in place, in the device's language, while the
    // provider's session ends behind it: the picker's refresh token is refused.
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(`${HANDHELD}/`);
    await expect.poll(() => refreshRefused(page, picker.refresh_token), { timeout: 10_000 }).toBe(true);
    // Still the same page once the provider's session has ended: it did not take the whole page there.
    expect(await page.evaluate(() => (window as { shiftPage?: boolean }).shiftPage)).toBe(true);
    // Nothing of the first picker is left once the shift has ended, before anyone else's session could overwrite it.
    await expect.poll(async () => tracesIn(await everythingStored(page), markers), { timeout: 15_000 }).toEqual([]);
    // The provider still knows the picker (another app signed them in there): the next person's sign-in
    // shows the form all the same, never the picker's session.
    await signInAtProvider(context, 'picker');
    await nextPersonSignsIn(page, 'picker2');
    await answerPinOffer(page, null);
    await expect(page.getByRole('button', { name: 'Account: Trịnh Thị Soạn Hàng' })).toBeVisible();
    await appReady(activeFrame(page));

    // A push for the first picker arriving now is not shown; one for the second is.
    await expect.poll(() => page.evaluate(async () => Boolean(await (await caches.open('shared-device')).match('/__shared-device/current-person')))).toBe(true);
    await other.close();
    await deliverPush(context, HANDHELD, { notification: { title: 'Đơn của Lê Văn Kho' }, data: { user_id: 'staff-0003' } }, page);
    await deliverPush(context, HANDHELD, { notification: { title: 'Đơn của Soạn Hàng' }, data: { user_id: 'staff-0013' } });
    const look = await context.newPage();
    await look.goto(`${HANDHELD}/config.json`);
    await expect.poll(async () => (await shownNotifications(look)).map((shown) => shown.title)).toEqual(['Đơn của Soạn Hàng']);

    // Nothing of the first picker in any storage of the portal's origin, nor in the apps'.
    await expect.poll(async () => tracesIn(await everythingStored(look), markers), { timeout: 15_000 }).toEqual([]);
    for (const origin of [ERP, WAREHOUSE_SITE_POS]) {
      await look.goto(`${origin}/storage-probe`);
      expect(await look.evaluate(() => localStorage.getItem('sample-app:draft'))).toBeNull();
    }
  });

  /** Whether the provider refuses `refreshToken`: the session it belongs to has ended. */
  async function refreshRefused(page: Page, refreshToken: string): Promise<boolean> {
    // Asked from the portal's page: only the browser resolves *.localhost.
    return page.evaluate(
      async ({ url, form }) => {
        const answer = await fetch(url, { method: 'POST', body: new URLSearchParams(form) });
        return answer.status === 400 && ((await answer.json()) as { error?: string }).error === 'invalid_grant';
      },
      { url: `${IDP}/token`, form: { grant_type: 'refresh_token', client_id: PORTAL_CLIENT_ID, refresh_token: refreshToken } },
    );
  }

  /** Signs `user` in at the provider outside the portal (as another app would): the provider then has a session of theirs. */
  async function signInAtProvider(context: BrowserContext, user: FixtureUser) {
    const elsewhere = await context.newPage();
    const authorize = new URL(`${IDP}/auth`);
    authorize.search = new URLSearchParams({
      client_id: 'staff-portal',
      response_type: 'code',
      redirect_uri: `${HANDHELD}/callback`,
      scope: 'openid',
      state: 'elsewhere',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      ui_locales: 'en',
    }).toString();
    await elsewhere.goto(authorize.href);
    await elsewhere.getByLabel('Username').fill(user);
    await elsewhere.getByLabel('Password').fill(`${user}123`);
    await elsewhere.getByRole('button', { name: 'Sign in' }).click();
    await elsewhere.waitForURL((url) => url.href.startsWith(`${HANDHELD}/callback`));
    await elsewhere.close();
  }
  /** The sample POS's till: its sales go through the shell's outbox. */
  const TILL = '/dpos/create-order';

  async function endShift(page: Page) {
    await page.getByRole('button', { name: /^Account: / }).tap();
    await page.getByRole('menuitem', { name: 'End shift' }).tap();
  }

  test('before the shell too (a chooser): a logout there ends the other tab’s shift at once, and End shift elsewhere ends the chooser’s', async ({ page, context }) => {
    test.setTimeout(120_000);
    const platforms = (tab: Page) => tab.getByRole('list', { name: 'Choose platform' }).getByRole('button');
    // An all-platform admin stops at the platform chooser; a second tab of the same person chooses a platform and a seller, and works.
    const chooserAndShell = async () => {
      await expect(platforms(page).first()).toBeVisible();
      await other.goto(`${HANDHELD}/`);
      await platforms(other).first().tap();
      await other.getByRole('list', { name: 'Choose seller' }).getByRole('button').first().tap();
      await answerPinOffer(other, null);
      await expectShell(other);
    };
    const other = await context.newPage();
    await useEnglish(other);
    await signInHere(page, 'admin');
    await chooserAndShell();

    // The chooser's Log out: the other tab leaves by itself (no call of its own told it), and the
    // chooser's page shows the next person's sign-in with the blocking chooser gone from over it.
    await page.bringToFront();
    await page.getByRole('button', { name: 'Log out' }).tap();
    await expect(other.getByRole('button', { name: /^Account: / })).toBeHidden();
    await expect(other.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog', { name: 'Choose platform' })).toHaveCount(0);

    // End shift in the shell's tab: the chooser's tab leaves too.
    await nextPersonSignsIn(page, 'admin');
    await chooserAndShell();
    await other.getByRole('button', { name: /^Account: / }).tap();
    await other.getByRole('menuitem', { name: 'End shift' }).tap();
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Choose platform' })).toHaveCount(0);
  });

  test('the lock counts the person’s waiting writes; End shift offline asks about them and keeps them sealed, nothing of the person readable', async ({ page, context }) => {
    test.setTimeout(120_000);
    const note = `shift-${Math.random().toString(36).slice(2)}`;
    await page.clock.install();
    await signInHere(page, 'cashier', TILL);
    await answerPinOffer(page, '2468');
    await appReady(activeFrame(page));
    await controlledByServiceWorker(page);
    const { markers } = await personMarkers(page);
    await context.setOffline(true);
    // The till's page is loaded: it sells on without a connection.
    await page.getByRole('alertdialog', { name: 'Online or offline' }).getByRole('button', { name: 'Stay in online mode' }).tap();
    await sell(page, note);
    await expect(saleLine(page, note)).toContainText('waiting');
    await putDown(page, '05:01');
    await expect(lockScreen(page)).toContainText('Changes waiting to be sent: 1');
    await lockScreen(page).getByLabel('PIN').fill('2468');
    await expect(lockScreen(page)).toBeHidden();
    await endShift(page);
    const question = page.getByRole('alertdialog').filter({ hasText: 'Some writes were not sent' });
    await question.getByRole('button', { name: 'Keep for my next sign-in' }).tap();
    // Without a connection nobody can sign in: the next person's page says so (not the provider's page, which cannot load).
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Signing in needs a connection.')).toBeVisible();
    await expect.poll(async () => tracesIn(await everythingStored(page), [note, ...markers])).toEqual([]);

    // The connection returns: the provider's session ends behind the page, and the page stays.
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('logoutUnconfirmed')), { timeout: 15_000 }).toBeNull();
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible();
    // Ended at the provider: a sign-in that would take its session (on a personal device's host) meets its form.
    const personal = await context.newPage();
    await personal.goto('/');
    await expect(personal.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible();
    await expect(personal.getByRole('button', { name: /^Account: / })).toHaveCount(0);
  });

  test('End shift online sends the person’s waiting writes before the shift ends', async ({ page, context }) => {
    test.setTimeout(120_000);
    const note = `shift-${Math.random().toString(36).slice(2)}`;
    let busy = true;
    // The API is busy for an hour: the sale waits (Retry-After) until End shift sends it.
    await context.route(/\/api\/v1\/pos\/sales$/, (route) =>
      busy && route.request().method() === 'POST'
        ? route.fulfill({ status: 503, headers: { 'retry-after': '3600', 'access-control-allow-origin': HANDHELD, 'access-control-expose-headers': 'retry-after' }, body: '' })
        : route.fallback(),
    );
    await signInHere(page, 'cashier', TILL);
    await answerPinOffer(page, null);
    await appReady(activeFrame(page));
    await sell(page, note);
    await expect(saleLine(page, note)).toContainText('waiting');
    busy = false;
    await endShift(page);
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 20_000 });
    expect((await salesOf('cashier', HANDHELD)).filter((sale) => sale.note === note)).toEqual([expect.objectContaining({ sub: 'staff-0002' })]);
  });

  test('End shift tells a warm frame (loaded ahead, never shown) like any kept frame, then removes it', async ({ page }) => {
    test.setTimeout(120_000);
    await signInHere(page, 'picker', PICKING);
    await answerPinOffer(page, null);
    await appReady(activeFrame(page));
    // The frames' part behind the first screen counts the route shown (its start, frames/warm.ts).
    await expect.poll(() => page.evaluate(() => localStorage.getItem('frameOpens'))).toContain(PICKING);
    // The picker's next start on the home page: after its first idle moment the picking app loads ahead, hidden.
    await page.goto(`${HANDHELD}/`);
    await expectShell(page);
    const warm = page.locator(`.frame-host iframe[hidden][src^="${WAREHOUSE_SITE_POS}${PICKING}"]`);
    await expect(warm).toHaveCount(1);
    const frame = () => page.frames().find((candidate) => candidate.url().startsWith(`${WAREHOUSE_SITE_POS}/`));
    await expect.poll(() => frame()?.locator('#loaded-at').getAttribute('datetime')).toMatch(/^\d{4}-/);
    // What the app keeps of the picker, and a word when the shell's session end reached it with its storage cleared.
    let cleared = false;
    page.on('console', (message) => (cleared ||= message.text() === 'e2e-warm-cleared'));
    await frame()!.evaluate(() => {
      localStorage.setItem('sample-app:draft', 'Kệ B7');
      addEventListener('message', (event) => {
        if ((event.data as { type?: unknown } | null)?.type === 'session-end' && localStorage.getItem('sample-app:draft') === null) console.log('e2e-warm-cleared');
      });
    });
    await endShift(page);
    await expect.poll(() => cleared).toBe(true);
    await expect(page.locator('.frame-host iframe')).toHaveCount(0, { timeout: 5000 });
    await expect(page.getByRole('heading', { name: 'Next person: sign in' })).toBeVisible({ timeout: 15_000 });
  });
});
