import { expect, type BrowserContext, type Page } from '@playwright/test';

/** Fixture users of dev/fixtures/users.json (password: `<username>123`). */
export type FixtureUser =
  | 'admin'
  | 'cashier'
  | 'picker'
  | 'picker2'
  | 'accountant'
  | 'noseller'
  | 'bypass'
  | 'shortsession'
  | 'guest'
  | 'sellerdown'
  | 'flagsdown'
  | 'nosite'
  | 'cashier2';

/** The local stack's addresses (dev/README.md, ports from the same variables); the portal is Playwright's baseURL. */
export const STACK_PORTS = {
  idp: Number(process.env.IDP_PORT ?? 4000),
  api: Number(process.env.API_PORT ?? 4100),
  apps: Number(process.env.APPS_PORT ?? 4200),
};
export const IDP = `http://id.portal.localhost:${STACK_PORTS.idp}`;
export const API = `http://api.portal.localhost:${STACK_PORTS.api}`;
export const appOrigin = (kebabKey: string) => `http://${kebabKey}.portal.localhost:${STACK_PORTS.apps}`;

/** Opens `path` and signs in through the real provider's login page (Vietnamese or English). */
export async function signIn(page: Page, user: FixtureUser, path = '/'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(/^(Tên đăng nhập|Username)$/).fill(user);
  await page.getByLabel(/^(Mật khẩu|Password)$/).fill(`${user}123`);
  await page.getByRole('button', { name: /^(Đăng nhập|Sign in)$/ }).click();
  // Back on the portal (any stack: providers are on id.<domain>), past the sign-in callback.
  await page.waitForURL((url) => !url.hostname.startsWith('id.') && !url.pathname.startsWith('/callback'));
}

/** Stores English as the portal language before the first page load (the default is Vietnamese). */
export async function useEnglish(page: Pick<Page, 'addInitScript'>): Promise<void> {
  await page.addInitScript(() => {
    // Init scripts also run in frames, where sandboxed pages may have no storage.
    if (window === window.top && !localStorage.getItem('localization')) localStorage.setItem('localization', '"en"');
  });
}

/** The shell is ready: the header's account menu is there (the menu itself is a closed drawer on phones). */
export async function expectShell(page: Page): Promise<void> {
  await expect(page.getByRole('button', { name: /^(Account|Tài khoản): / })).toBeVisible();
}

/** The visible frame (the active route's embedded page). */
export function activeFrame(page: Page) {
  return page.frameLocator('.frame-host iframe:not([hidden])');
}

/** The Frame object of the visible embedded page, for evaluating inside it or navigating it. */
export async function activeFrameHandle(page: Page) {
  const element = await page.locator('.frame-host iframe:not([hidden])').elementHandle();
  const frame = await element?.contentFrame();
  if (!frame) throw new Error('no visible frame');
  return frame;
}

/** Stores the platform and seller an all-seller user works in, before the first load. */
export async function storeContext(page: Page, platform: { id: number; name: string }, sellerId: number): Promise<void> {
  await page.addInitScript(
    ([p, s]) => {
      if (!localStorage.getItem('currentPlatform')) localStorage.setItem('currentPlatform', JSON.stringify(p));
      if (!localStorage.getItem('currentSeller')) localStorage.setItem('currentSeller', String(s));
    },
    [platform, sellerId] as const,
  );
}

/** A sample app's script has run (its controls are wired) once it has stamped its load time. */
export async function appReady(frame: ReturnType<typeof activeFrame>): Promise<void> {
  await expect(frame.locator('#loaded-at')).toHaveAttribute('datetime', /^\d{4}-/);
}

/** Waits until the portal's service worker controls the page (it claims the page on first install). */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

/**
 * Signs the cashier in online on `path` (an offline page of the catalogue) and waits until both the
 * portal and that page's app can work offline.
 */
export async function prepareOfflineUse(page: Page, path = '/dpos/create-order'): Promise<void> {
  await signIn(page, 'cashier', path);
  await appReady(activeFrame(page));
  await expect(activeFrame(page).getByText('Available offline')).toBeVisible();
  await controlledByServiceWorker(page);
}

/**
 * Delivers a push message to the portal's real service worker through the DevTools protocol, from
 * a page of another site (so no portal tab need be open). Closes `portal` first when given: a portal
 * tab in view would show the message as a toast instead of a system notification.
 */
export async function deliverPush(context: BrowserContext, portalOrigin: string, data: unknown, portal?: Page): Promise<void> {
  const other = await context.newPage();
  await other.goto(`${appOrigin('erp')}/`);
  const cdp = await context.newCDPSession(other);
  const registration = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((candidate) => candidate.scopeURL === `${portalOrigin}/` && !candidate.isDeleted);
      if (found) resolve(found.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const registrationId = await registration;
  await portal?.close();
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${portalOrigin}/`, registrationId, data: JSON.stringify(data) });
}

/** The notifications the portal's worker shows now. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({ title: notification.title, body: notification.body, data: notification.data as unknown })),
  );
}

/** A sale as the local API recorded it (dev/api/pos.ts). */
export interface RecordedSale {
  saleId: string;
  note?: string;
  sub: string;
  sellerId: number;
  idempotencyKey: string;
  /** When the API recorded it (ISO). */
  recordedAt: string;
}

/**
 * Reads the sales the API holds for a fixture user, from Node with that user's own token (of the test
 * run's stack, or of a stack a spec started itself): signs in once, then reads as often as asked.
 */
export async function salesReader(user: FixtureUser, portalOrigin: string, stack: { issuer: string; api: string } = { issuer: IDP, api: API }): Promise<() => Promise<RecordedSale[]>> {
  const { signIn: signInFromNode } = await import('../../dev/testing/sign-in.ts');
  const { callApi } = await import('../../dev/testing/http.ts');
  const { access_token: token } = await signInFromNode(stack.issuer, user, `${user}123`, { origin: portalOrigin });
  return async () => {
    const answer = await callApi(`${stack.api}/api/v1/pos/sales`, token);
    if (answer.status !== 200) throw new Error(`GET /api/v1/pos/sales answered ${answer.status}: ${answer.text}`);
    return answer.json<{ data: { sales: RecordedSale[] } }>().data.sales;
  };
}

/** The sales the API holds for a fixture user now (salesReader, once). */
export async function salesOf(user: FixtureUser, portalOrigin: string, stack: { issuer: string; api: string } = { issuer: IDP, api: API }): Promise<RecordedSale[]> {
  return (await salesReader(user, portalOrigin, stack))();
}

/** Sells one item on the POS's till (the create-order page) with a note that names the sale. */
export async function sell(page: Page, note: string): Promise<void> {
  const till = activeFrame(page);
  await till.getByLabel('Note', { exact: true }).fill(note);
  await till.getByRole('button', { name: 'Sell' }).click();
  await expect(till.getByRole('status').filter({ hasText: `Sale ${note} stored on this device` })).toBeVisible();
}

/** The till's line for a sale ("Sale <note>: delivered (201)"…). */
export const saleLine = (page: Page, note: string) => activeFrame(page).getByRole('listitem').filter({ hasText: `Sale ${note}:` });
