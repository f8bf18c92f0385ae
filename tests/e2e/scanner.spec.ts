import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { activeFrame, appReady, expectShell, signIn, useEnglish, type FixtureUser } from './support.ts';
import { wedge } from './wedge.ts';

/**
 * Scanning (README "Scanning"): the handheld's keyboard-wedge scanner serves every embedded app,
 * wherever the focus is. Bursts are typed at 5–20 ms a key (wedge.ts: stamped as a scanner's keys are,
 * so a loaded machine does not stretch them), a person's typing at 120 ms a key.
 */
const PICKING = '/warehousing/export/picking-process';

test.beforeEach(async ({ page }) => useEnglish(page));

/** The scans the sample picking page received, in order (its onScan, and what its own field was typed). */
const scansIn = (frame: FrameLocator) => frame.getByRole('list', { name: 'Scans received' }).getByRole('listitem');
const notice = (page: Page, code: string) => page.getByText(`Scanned “${code}”: nothing here takes scans.`);

/**
 * The shell's scanner loads behind the first screen (at the first idle moment), with the header's scan
 * button (always on for portal.localhost's brand, on handheld layouts elsewhere: dev/fixtures/portal.json):
 * a scan before it is typed as before. Ready once the button is there and the page has drawn twice since.
 */
export async function scannerReady(page: Page): Promise<void> {
  // Attached, not visible: a locked shift hides the shell's work, the button with it.
  await expect(page.getByRole('button', { name: 'Scan with the camera', includeHidden: true })).toBeAttached({ timeout: 15_000 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function pickingPage(page: Page, user: 'picker' = 'picker', path = PICKING) {
  await signIn(page, user, path);
  await expectShell(page);
  const frame = activeFrame(page);
  await appReady(frame);
  // The app takes part in the scanner once the shell has offered it (the handshake's welcome).
  await expect(frame.getByText(/^Shell protocol 2; offers: .*scanner/)).toBeVisible();
  await scannerReady(page);
  return frame;
}

test('a scan reaches the shown app exactly once wherever the focus is, and never types into a shell field', async ({ page }) => {
  const frame = await pickingPage(page);
  const received: string[] = [];
  const expectReceived = async (line: string) => {
    received.push(line);
    await expect(scansIn(frame)).toHaveText(received);
  };

  // The header, and the menu.
  await page.getByRole('button', { name: /^Site: / }).focus();
  await wedge(page, 'PL-42-0007', { gapMs: 5 });
  await expectReceived('wedge: PL-42-0007');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Replace serial' }).focus();
  await wedge(page, '8934567890123', { gapMs: 20 });
  await expectReceived('wedge: 8934567890123');
  // Its Enter did not follow the link.
  await expect(page).toHaveURL(PICKING);

  // The menu search, its field focused: the scan goes to the app, the field stays empty.
  await page.keyboard.press('Control+K');
  const search = page.getByRole('dialog', { name: 'Search menu' });
  await expect(search).toBeVisible();
  await expect(search.getByRole('combobox')).toBeFocused();
  await wedge(page, 'SKU-000123', { gapMs: 12 });
  await expectReceived('wedge: SKU-000123');
  await expect(search.getByRole('combobox')).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(search).toBeHidden();

  // In the frame, outside its fields (a button: the scan's Enter does not press it): the app's own document.
  await frame.getByRole('button', { name: 'Scan a shelf' }).focus();
  await wedge(page, 'LOC-A-12-03', { gapMs: 8 });
  await expectReceived('wedge: LOC-A-12-03');
  await expect(frame.getByRole('status').filter({ hasText: /Shelf|Camera/ })).toHaveCount(0);

  // The frame's own field takes the scan as typing, as before: once, not also through onScan.
  await frame.getByLabel('Item code').focus();
  await wedge(page, '4006381333931', { gapMs: 8 });
  await expectReceived('typed: 4006381333931');

  // A person typing at 120 ms a key is never a scan: in the shell's search it is text.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Search menu' }).click();
  await expect(search.getByRole('combobox')).toBeFocused();
  await page.keyboard.type('PL-42-0008', { delay: 120 });
  await page.keyboard.press('Enter');
  await expect(search.getByRole('combobox')).toHaveValue('PL-42-0008');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  // And in the frame, outside its fields, nothing.
  await frame.getByRole('button', { name: 'Scan a shelf' }).focus();
  await page.keyboard.type('PL-42-0009', { delay: 120 });
  await page.keyboard.press('Tab');
  await expect(scansIn(frame)).toHaveText(received);
});

test('the POS’s till takes a product by scan from the menu; a modal dialog’s frame and the one beneath it take none', async ({ page }) => {
  await signIn(page, 'cashier', '/dpos/create-order');
  await expectShell(page);
  const till = activeFrame(page);
  await appReady(till);
  await expect(till.getByText(/^Shell protocol 2; offers: .*scanner/)).toBeVisible();
  await scannerReady(page);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'To-do list' }).focus();
  await wedge(page, 'NC-PA-12');
  const status = till.getByRole('status').filter({ hasText: /Scanned|No product/ });
  await expect(status).toHaveText('Scanned Nồi cơm điện Panasonic 1.2 L – 1.590.000 ₫: quantity 1');
  await wedge(page, 'NC-PA-12', { gapMs: 15 });
  await expect(status).toHaveText('Scanned Nồi cơm điện Panasonic 1.2 L – 1.590.000 ₫: quantity 2');
  await expect(till.getByLabel('Product')).toHaveValue('NC-PA-12');
  await expect(page).toHaveURL('/dpos/create-order');

  // Contact Support's modal frame covers the till: a scan with the focus on its Close button is no one's here.
  await page.getByRole('button', { name: 'Contact support' }).click();
  const support = page.getByRole('dialog', { name: 'Contact support' });
  await support.getByRole('button', { name: 'Close' }).focus();
  await wedge(page, 'QD-SH-16');
  await expect(notice(page, 'QD-SH-16')).toBeVisible();
  await expect(support).toBeVisible();
  await support.getByRole('button', { name: 'Close' }).click();
  await expect(status).toHaveText('Scanned Nồi cơm điện Panasonic 1.2 L – 1.590.000 ₫: quantity 2');
});

test('scan to open: a code no app takes opens its route through the menu’s gate, a refused one explains why, others are named; a scan is data', async ({ page }) => {
  // The ERP's to-do list (home) takes no scans.
  await signIn(page, 'picker', '/');
  await expectShell(page);
  await appReady(activeFrame(page));
  await scannerReady(page);

  await page.getByRole('button', { name: 'Toggle sidebar' }).focus();
  await wedge(page, 'PL-42-0007');
  await expect(page).toHaveURL(`${PICKING}?pickingList=42`);
  const picking = activeFrame(page);
  await expect(picking.getByRole('heading', { name: `Path: ${PICKING}?pickingList=42` })).toBeVisible();
  await appReady(picking);
  await expect(picking.getByText(/^Shell protocol 2; offers: .*scanner/)).toBeVisible();

  // The picking page listens now: the next picking-list code is the app's, not a new page.
  await page.getByRole('button', { name: 'Toggle sidebar' }).focus();
  await wedge(page, 'PL-42-0008');
  await expect(scansIn(picking)).toHaveText(['wedge: PL-42-0008']);
  await expect(page).toHaveURL(`${PICKING}?pickingList=42`);

  // Home again: the picking page is kept alive, hidden; scans never go to it.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'To-do list' }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Toggle sidebar' }).focus();
  await wedge(page, '8934567890123');
  await expect(notice(page, '8934567890123')).toBeVisible();

  // A route the picker may not open: the access explainer's reason.
  await wedge(page, 'SA-17');
  await expect(page).toHaveURL('/403');
  const why = page.getByRole('region', { name: 'Why' });
  await expect(why.getByText('Page: Stock adjustment request detail')).toBeVisible();
  await expect(why.getByRole('list', { name: 'For support' }).getByRole('listitem')).toHaveText(['warehouse:stock-adjustment:read']);

  // Markup in a code is text in the notice, never markup.
  await page.getByRole('button', { name: 'Toggle sidebar' }).focus();
  const hostile = '<img src=x onerror=window.pwned=1>';
  await wedge(page, hostile);
  await expect(notice(page, hostile)).toBeVisible();
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

  // The picking page kept alive got none of these.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(`${PICKING}?pickingList=42`);
  await expect(scansIn(picking)).toHaveText(['wedge: PL-42-0008']);
});

test.describe('badges on the shared handheld', () => {
  /**
   * The host whose brand makes the portal a shared device's shell, with a badge pattern `EMP-<login>`
   * (dev/fixtures/portal.json); the badges carry the employee number, the provider's `sub`.
   */
  const HANDHELD = `http://handheld.portal.localhost:${process.env.PORTAL_PORT ?? 4173}`;
  test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

  const nextPerson = (page: Page) => page.getByRole('heading', { name: 'Next person: sign in' });
  const lockScreen = (page: Page) => page.getByRole('dialog', { name: 'Screen locked' });

  /** The badge's sign-in: the provider's form with the person's name filled in; they type their password only. */
  async function signInByBadge(page: Page, user: FixtureUser) {
    await expect(page.getByLabel('Username')).toHaveValue(user);
    await page.getByLabel('Password').fill(`${user}123`);
    await page.getByRole('button', { name: 'Sign in' }).tap();
    await page.waitForURL((url) => url.origin === HANDHELD && !url.pathname.startsWith('/callback'));
  }

  test('a badge signs its person in; on the lock their own badge puts the focus on the PIN, a code is named, another’s badge hands the device over', async ({ page }) => {
    test.setTimeout(120_000);
    // No page.clock here: Playwright's fake clock stamps events with its own time, when the page handles
    // them, which a busy machine spreads out; the lock comes from a device left idle past its lock time.
    await page.goto(`${HANDHELD}${PICKING}`);
    await expect(nextPerson(page)).toBeVisible();
    await wedge(page, 'EMP-staff-0003');
    await signInByBadge(page, 'picker');
    const offer = page.getByRole('dialog', { name: 'Set a PIN for this shift' });
    await offer.getByLabel('PIN', { exact: true }).fill('2468');
    await offer.getByLabel('PIN again').fill('2468');
    await offer.getByRole('button', { name: 'Set PIN' }).tap();
    await expect(offer).toBeHidden();
    const frame = activeFrame(page);
    await appReady(frame);
    await scannerReady(page);

    // Nobody touched the device for its lock time (5 minutes): the page starts locked.
    await page.evaluate(() => localStorage.setItem('sharedDeviceActivity', JSON.stringify(Date.now() - 6 * 60_000)));
    await page.reload();
    await scannerReady(page);
    const lock = lockScreen(page);
    await expect(lock).toBeVisible();
    const pin = lock.getByLabel('PIN');
    await expect(pin).toBeFocused();

    // A code that is no badge: named on the lock, taken by nothing else.
    await wedge(page, 'PL-42-0007');
    await expect(lock.getByRole('alert')).toHaveText('“PL-42-0007” is not a staff badge.');
    await expect(pin).toHaveValue('');
    await expect(page).toHaveURL(`${HANDHELD}${PICKING}`);

    // The person's own badge, with the focus elsewhere on the lock: back to the PIN, which the badge did not type into.
    await lock.getByRole('button', { name: 'Not you? End the shift' }).focus();
    await wedge(page, 'EMP-staff-0003');
    await expect(pin).toBeFocused();
    await expect(pin).toHaveValue('');
    await expect(lock.getByRole('alert')).toHaveCount(0);

    // Another person's badge: the shift ends, and their sign-in starts with their name filled in.
    await wedge(page, 'EMP-staff-0013');
    await signInByBadge(page, 'picker2');
    await expect(page.getByRole('dialog', { name: 'Set a PIN for this shift' })).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).tap();
    await expect(page.getByRole('button', { name: 'Account: Trịnh Thị Soạn Hàng' })).toBeVisible();
  });

  test('on the next person’s page a code that is no badge is named, and nobody is signed in', async ({ page }) => {
    await page.goto(`${HANDHELD}/`);
    await expect(nextPerson(page)).toBeVisible();
    await wedge(page, 'PL-42-0007');
    await expect(page.getByRole('alert')).toHaveText('“PL-42-0007” is not a staff badge.');
    await expect(nextPerson(page)).toBeVisible();
  });
});
