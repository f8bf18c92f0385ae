import { expect, test, type Page, type Route } from '@playwright/test';
import { faultsNotInjected, planFault } from '../../dev/testing/faults.ts';
import { seededRandom, seedFrom } from '../../dev/testing/seeded.ts';
import { checkForUpdate, servedReleases, updatePrompt } from './releases.ts';
import { activeFrame, appReady, controlledByServiceWorker, expectShell, salesOf, sell, signIn, useEnglish } from './support.ts';

/**
 * The outbox under chaos, for real: the sample POS sells through the shell's outbox while the network
 * drops and returns, answers are lost on their way back (the API has recorded the sale, the device
 * does not know it), pages reload, the tab is closed and reopened, a new release
 * is installed (its service worker replacing the old one), and the cashier's session ends without a logout so that a second cashier
 * signs in on the same browser profile and sells under another seller. The API's sealing key is out of
 * reach all through the cashier's first session, so what they leave behind stays on the device in the
 * clear while the second cashier works there: only the entries' binding to their user keeps those
 * writes from going under the second cashier's name (the second cashier may sell for the cashier's
 * seller too). At the end the API must hold every sale exactly once, under the user and seller it was
 * made under.
 *
 * The plan is random from a seed, printed at the start; OUTBOX_CHAOS_SEED=<seed> makes the same plan
 * again (the network's timing is the machine's).
 */
const SEED = seedFrom('OUTBOX_CHAOS_SEED');
const releases = servedReleases({ a: 'chaos-a', b: 'chaos-b' }, 300_000);
const { deploy } = releases;
const VERSION_B = '2.77.0-chaos-b';

/** Who sells, and the seller the shell works under for them (the cashier has one; the second cashier picks #1). */
const SELLERS = { cashier: { sub: 'staff-0002', sellerId: 2 }, cashier2: { sub: 'staff-0012', sellerId: 1 } } as const;
type Seller = keyof typeof SELLERS;
type Disruption = 'network' | 'reload' | 'reopen' | 'worker';
const DISRUPTIONS: readonly Disruption[] = ['network', 'reload', 'reopen', 'worker'];
const SALES_ROUTE = /\/api\/v1\/pos\/sales$/;
const SEALING_KEY_ROUTE = /\/api\/v1\/outbox\/key$/;
// A step that cannot happen fails within a minute (with a trace), not at the test's time-out.
test.use({ actionTimeout: 30_000 });

test('chaos: every sale reaches the API exactly once, under the user and seller it was made under', async ({ context }) => {
  test.setTimeout(600_000);
  console.log(`[outbox chaos] seed ${SEED} (OUTBOX_CHAOS_SEED=${SEED} plays this plan again)`);
  const plan = seededRandom(SEED);
  const network = seededRandom(SEED ^ 0x5bd1e995);
  const till = `${releases.nginx.origin}/dpos/create-order`;
  const expected = new Map<string, Seller>();
  let sold = 0;
  let online = true;
  let page: Page;

  const step = (what: string) => console.log(`[outbox chaos] ${what}`);
  const setOnline = async (value: boolean) => {
    if (value !== online) stayed = false;
    online = value;
    await context.setOffline(!value);
  };
  // When the shell's mode and the connectivity disagree (after a change, or at a start), a blocking
  // dialog asks whether to switch mode: the cashier answers it either way (switching reloads the shell).
  const choices = seededRandom(SEED ^ 0x27d4eb2d);
  let mode: 'online' | 'offline' = 'online';
  // "Stay" is asked again only at the next change of the network or the next start.
  let stayed = false;
  const answerModeQuestion = async ({ mustSwitch = false } = {}) => {
    if ((mode === 'online') === online || stayed) return;
    const stay = page.getByRole('button', { name: /^Stay in (online|offline) mode$/ });
    // A start without a stored mode takes the connectivity's: then nothing is asked.
    if (!(await stay.waitFor({ timeout: 10_000 }).then(() => true, () => false))) {
      mode = online ? 'online' : 'offline';
      return;
    }
    if (!mustSwitch && choices() < 0.5) {
      step(`the mode question: stay ${mode}`);
      stayed = true;
      await stay.click();
      await expect(stay).toHaveCount(0);
      return;
    }
    mode = online ? 'online' : 'offline';
    step(`the mode question: switch to ${mode} (the shell reloads)`);
    const loaded = page.waitForEvent('load');
    await page.getByRole('button', { name: /^Switch to (online|offline) mode$/ }).click();
    await loaded;
    await appReady(activeFrame(page));
  };
  /**
   * Online mode before a logout: logged out in offline mode, the page starts again in it and has no
   * sign-in to show. A question answered "stay" is asked again only at the next start.
   */
  const toOnlineMode = async () => {
    await setOnline(true);
    if (stayed && mode === 'offline') await openTill();
    await answerModeQuestion({ mustSwitch: true });
  };
  const newPage = () => context.newPage();
  /** Signs in online on the till (the next person starts online, whatever mode the device was left in). */
  const signInOnline = async (user: 'cashier' | 'cashier2') => {
    await page.goto(`${releases.nginx.origin}/config.json`);
    await page.evaluate(() => localStorage.setItem('isOnlineMode', 'true'));
    mode = 'online';
    stayed = false;
    await signIn(page, user, till);
    if (user === 'cashier2') await page.getByRole('list', { name: 'Choose seller' }).getByRole('button', { name: /#1 / }).click();
    await expectShell(page);
    await appReady(activeFrame(page));
  };
  const openTill = async () => {
    stayed = false;
    await page.goto(till);
    await appReady(activeFrame(page));
  };
  const sellSome = async (seller: Seller) => {
    const count = 1 + Math.floor(plan() * 3);
    for (let i = 0; i < count; i += 1) {
      const note = `chaos-${SEED}-${++sold}`;
      await sell(page, note);
      expected.set(note, seller);
    }
    step(`${seller} sold ${count} (${online ? 'online' : 'offline'})`);
  };
  // Right after the sales, while their delivery may be on the wire.
  const disrupt = async () => {
    const disruption = DISRUPTIONS[Math.floor(plan() * DISRUPTIONS.length)]!;
    step(disruption === 'network' ? `network ${online ? 'drops' : 'returns'}` : disruption === 'worker' ? `${online ? '' : 'network returns; '}the service worker is stopped and starts again` : disruption);
    switch (disruption) {
      case 'network':
        return setOnline(!online);
      case 'reload':
        stayed = false;
        await page.reload();
        return appReady(activeFrame(page));
      case 'reopen':
        await page.close();
        page = await newPage();
        return openTill();
      case 'worker':
        // Online: the DevTools session that stops it takes the page's network emulation with it when it ends.
        if (!online) await setOnline(true);
        return restartPortalWorker(page, releases.nginx.origin);
    }
  };
  const rounds = async (seller: Seller, count: number) => {
    for (let i = 0; i < count; i += 1) {
      await sellSome(seller);
      await disrupt();
      await answerModeQuestion();
    }
  };

  // Some answers are lost on their way back: the API records the sale, then closes the connection
  // without answering (a fault it injects itself and counts, planned for that request's key: every one
  // must have fired by the end, since each entry is tried with its key until it is delivered).
  const lostAnswers: string[] = [];
  await context.route(SALES_ROUTE, async (route) => {
    const key = route.request().headers()['idempotency-key'];
    if (route.request().method() === 'POST' && key && network() < 0.3) {
      lostAnswers.push(await planFault(releases.stack.api, { endpoint: 'posSale', fault: 'lose-answer', idempotencyKey: key.replace(/^"|"$/g, '') }));
    }
    return route.fallback();
  });

  await context.route(SEALING_KEY_ROUTE, (route) => route.abort('connectionrefused'));
  await useEnglish(context);
  page = await newPage();
  await signIn(page, 'cashier', till);
  // This stack's sample apps are compiled at their first request: the first load takes its time.
  await expect(activeFrame(page).locator('#loaded-at')).toHaveAttribute('datetime', /^\d{4}-/, { timeout: 60_000 });
  await expect(activeFrame(page).getByText('Available offline')).toBeVisible();
  await controlledByServiceWorker(page);
  await rounds('cashier', 4);

  step(`a new release is installed (the till in ${mode} mode)`);
  await setOnline(true);
  await answerModeQuestion();
  deploy('b');
  await checkForUpdate(page);
  await expect(updatePrompt(page)).toBeVisible({ timeout: 60_000 });
  const reloaded = page.waitForEvent('load');
  await updatePrompt(page).getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  // A till in offline mode starts offline on the new release: its start snapshot is the old release's.
  await expect(page.getByTestId('app-version')).toContainText(VERSION_B);
  await appReady(activeFrame(page));
  stayed = false;
  await answerModeQuestion();
  await rounds('cashier', 3);

  step('offline, the cashier’s session ends without a logout (storage cleared) and the tab is closed');
  // The API's sales stay out of reach until the second cashier works here (or the worker would deliver
  // the cashier's last sales with the token it keeps, before anyone else is signed in).
  const salesDown = (route: Route) => route.abort('connectionrefused');
  await context.route(SALES_ROUTE, salesDown);
  await setOnline(false);
  await answerModeQuestion();
  await sellSome('cashier');
  await page.evaluate(() => Object.keys(localStorage).forEach((name) => name.startsWith('oidc.') && localStorage.removeItem(name)));
  await page.close();
  // The provider's session ended too (it would have expired): the next person signs in.
  await context.clearCookies({ domain: new URL(releases.stack.issuer).hostname });
  await setOnline(true);
  await context.unroute(SEALING_KEY_ROUTE);
  page = await newPage();
  step('the second cashier signs in on the same profile, seller #1 (the cashier’s writes are still in the clear)');
  await signInOnline('cashier2');
  await context.unroute(SALES_ROUTE, salesDown);
  await rounds('cashier2', 3);

  step('the second cashier logs out online: what waits is sent first');
  await toOnlineMode();
  let keptByCashier2 = await logOut(page);
  await expect(page.getByLabel(/^(Username|Tên đăng nhập)$/)).toBeVisible({ timeout: 30_000 });

  step('the cashier signs in again: what the device kept of them is delivered');
  await signInOnline('cashier');
  await rounds('cashier', 3);

  step('the connection is back for good');
  await context.unroute(SALES_ROUTE);
  await toOnlineMode();
  if (keptByCashier2) {
    step('the second cashier signs in once more for what they kept');
    keptByCashier2 = false;
    await logOut(page).then((kept) => expect(kept, 'the network is steady now').toBe(false));
    await signInOnline('cashier2');
  }

  const held = async () => {
    const notes = new Map<string, string[]>();
    for (const user of ['cashier', 'cashier2'] as const) {
      for (const sale of await salesOf(user, releases.nginx.origin, releases.stack)) {
        if (!sale.note?.startsWith(`chaos-${SEED}-`)) continue;
        notes.set(sale.note, [...(notes.get(sale.note) ?? []), `${sale.sub} seller ${sale.sellerId}`]);
      }
    }
    return notes;
  };
  // Every sale arrives (a page of the cashier is open; the second cashier's went at their logout)...
  await expect
    .poll(
      async () => {
        const arrived = await held();
        return [...expected.keys()].filter((note) => !arrived.has(note));
      },
      { timeout: 120_000, intervals: [1000] },
    )
    .toEqual([]);
  // ...and, a moment later, each is held once, under its own user and seller.
  await page.waitForTimeout(3000);
  const wanted = new Map([...expected].map(([note, seller]) => [note, [`${SELLERS[seller].sub} seller ${SELLERS[seller].sellerId}`]]));
  expect(Object.fromEntries(await held())).toEqual(Object.fromEntries(wanted));
  expect(await faultsNotInjected(releases.stack.api, lostAnswers), 'every answer planned to be lost was lost at the API').toEqual([]);
  step(`${expected.size} sales held exactly once, each under its own user and seller; ${lostAnswers.length} answers lost at the API, as planned`);
});

/** Logs out from the account menu; answers the outbox's question (if any) with Keep. True when something was kept. */
async function logOut(page: Page): Promise<boolean> {
  await page.getByRole('button', { name: /^Account: / }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const question = page.getByRole('alertdialog').filter({ hasText: 'Some writes were not sent' });
  const signInPage = page.getByLabel(/^(Username|Tên đăng nhập)$/);
  await expect(question.or(signInPage)).toBeVisible({ timeout: 30_000 });
  if (!(await question.isVisible())) return false;
  await question.getByRole('button', { name: 'Keep for my next sign-in' }).click();
  return true;
}

/**
 * Stops the portal's service worker as the browser does when it is idle (whatever it had in memory is
 * gone; a Background Sync it was asked for stays registered), then lets the page's next request start
 * it again. Only the portal's worker: the sample apps have their own. Playwright keeps the network's
 * state on every worker it is attached to, and its next setOffline would wait for a stopped worker
 * for ever, so the worker runs again before this returns (as it does on its own at the next event).
 */
async function restartPortalWorker(page: Page, origin: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  type Version = { versionId: string; scriptURL: string; runningStatus: string; status: string };
  const versions = new Map<string, Version>();
  // The page's own requests may start it again at once: whether it stopped is what was seen, not its state now.
  const stopped = new Set<string>();
  const updated = ({ versions: changed }: { versions: Version[] }) =>
    changed.forEach((version) => {
      versions.set(version.versionId, version);
      if (version.runningStatus === 'stopped') stopped.add(version.versionId);
    });
  const portalWorkers = () => [...versions.values()].filter((version) => version.scriptURL.startsWith(`${origin}/`) && version.status === 'activated');
  cdp.on('ServiceWorker.workerVersionUpdated', updated);
  try {
    await cdp.send('ServiceWorker.enable');
    await expect.poll(() => portalWorkers().length, { message: 'the portal’s active worker' }).toBeGreaterThan(0);
    const running = portalWorkers().filter((version) => version.runningStatus === 'running');
    stopped.clear();
    for (const { versionId } of running) await cdp.send('ServiceWorker.stopWorker', { versionId });
    await expect.poll(() => running.every((version) => stopped.has(version.versionId)), { message: 'the portal’s worker stopped' }).toBe(true);
    // The page's next request (answered by the worker, offline or not) starts it again.
    await page.evaluate((url) => fetch(url, { cache: 'no-store' }).then(() => undefined, () => undefined), `${origin}/config.json`);
    await expect.poll(() => portalWorkers().some((version) => version.runningStatus === 'running'), { timeout: 30_000 }).toBe(true);
  } finally {
    cdp.off('ServiceWorker.workerVersionUpdated', updated);
    await cdp.detach().catch(() => undefined);
  }
}
