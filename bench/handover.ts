/**
 * Part of `npm run bench`: the shift handover on a shared handheld (README "Shared devices"), in
 * Chromium on the handheld profile (profiles.ts), side by side in the same run with today's Logout →
 * sign-in on a personal device's host: from the tap that ends the first picker's session to the second
 * picker's interactive shell with its start frame, their typing (and the taps that are theirs) left out;
 * and the shared device's lock → PIN → working frame. Runs alternate (today, shared, unlock), so both
 * meet the same load on a shared machine. HANDOVER_RUNS (or RUNS) runs, default 3.
 */
import { cpus, loadavg } from 'node:os';
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { launchChromium } from '../dev/testing/browser.ts';
// Renamed on import: the React hooks lint takes any use* call outside a component for a hook.
import { useEnglish as storeEnglish } from '../tests/e2e/support.ts';
import { formatHandoverTable, signInPhases, type HandoverSamples, type SignInPhases, type TimedRequest } from './handover-report.ts';
import { allowEvaluatedFunctions, runCount } from './measure.ts';
import { PORTAL_INTERACTIVE, portalInteractive, signInAs } from './portal.ts';
import { HANDHELD } from './profiles.ts';
import { servePortal } from './serve.ts';

const RUNS = runCount('HANDOVER_RUNS', process.env.HANDOVER_RUNS ?? process.env.RUNS, 3);
const FIRST = { username: 'picker', password: 'picker123' };
const NEXT = { username: 'picker2', password: 'picker2123' };
const PIN = '2468';

/**
 * In every top-level document, from its start: when each mark first showed (the next paint after the
 * DOM had it), on the machine's clock (timeOrigin + now), so times compare across documents.
 */
const MARKS = {
  /** The provider's sign-in form. */
  form: ['input#username', 'input#password'],
  nextPerson: ['#next-person-title'],
  shell: PORTAL_INTERACTIVE,
};

function recordMarks(marks: Record<string, string[]>) {
  if (window !== window.top) return;
  const seen: Record<string, number> = {};
  (window as unknown as { __marks: Record<string, number> }).__marks = seen;
  const check = () => {
    for (const [name, selectors] of Object.entries(marks)) {
      if (name in seen || !selectors.every((selector) => document.querySelector(selector))) continue;
      seen[name] = NaN;
      requestAnimationFrame(() => setTimeout(() => (seen[name] = performance.timeOrigin + performance.now())));
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true });
}

/** When `name` first showed after `since` (epoch ms), in this document or a later one: waits across navigations. */
async function mark(page: Page, name: keyof typeof MARKS, since: number): Promise<number> {
  const handle = await page.waitForFunction(
    ([wanted, after]) => {
      const seen = (window as unknown as { __marks?: Record<string, number> }).__marks?.[wanted];
      return seen !== undefined && !Number.isNaN(seen) && seen > after && seen;
    },
    [name, since] as const,
    { timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/**
 * A shift goes on for a while before it ends: the tap comes once the portal's worker controls the page
 * and has served it once (its files are on the device, and so is the compiled code of its scripts,
 * which the browser keeps from their second run, as on any handheld used before), and the start's work
 * behind the first screen has had SETTLE_MS, on both sides alike. A tap right after the first screen
 * would time the rest of that start, not the handover; and without the page served once, the next
 * person's start would compile and keep the scripts on one side only (today's Logout lands on the
 * portal's page on its way to the provider, End shift does not).
 */
const SETTLE_MS = 3000;
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 60_000 });
  await page.reload();
  await portalInteractive(page, 60_000);
  await page.waitForTimeout(SETTLE_MS);
}

/** Taps (clicks) `target` in the page and answers when, on the machine's clock. */
const tap = (target: Locator) => target.evaluate((element: HTMLElement) => (element.click(), performance.timeOrigin + performance.now()));

async function handheld(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...HANDHELD.context, serviceWorkers: 'allow' });
  await allowEvaluatedFunctions(context);
  await context.addInitScript(recordMarks, MARKS);
  const page = await context.newPage();
  await storeEnglish(page);
  await HANDHELD.prepare(page, false);
  return { context, page };
}

async function fillForm(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel(/^(Tên đăng nhập|Username)$/).fill(user.username);
  await page.getByLabel(/^(Mật khẩu|Password)$/).fill(user.password);
}

const formSignIn = (page: Page) => page.getByRole('button', { name: /^(Đăng nhập|Sign in)$/ });

/** A fresh handheld's page for `measure`, closed after it. */
async function onHandheld(browser: Browser, measure: (page: Page) => Promise<void>): Promise<void> {
  const { context, page } = await handheld(browser);
  try {
    await measure(page);
  } finally {
    await context.close();
  }
}

/** The stack's provider and back end, whose requests mark the phases of a sign-in. */
type StackOrigins = { issuer: string; api: string };

/** The page's request on the browser's clock; `end` null until answered. */
function timed(request: Request): TimedRequest {
  const { startTime, responseEnd } = request.timing();
  return { url: request.url(), method: request.method(), start: startTime, end: responseEnd < 0 ? null : startTime + responseEnd };
}

/**
 * The provider's form after the tap at `tapped`, then the next picker's sign-in: when the form
 * showed, how long the interactive shell took after their Sign in (their typing left out), and where
 * that time went, from the page's requests (signInPhases).
 */
async function nextPickerSignsIn(page: Page, tapped: number, origins: StackOrigins): Promise<{ form: number; toShell: number; phases: SignInPhases | null }> {
  const form = await mark(page, 'form', tapped);
  await fillForm(page, NEXT);
  const requests: Request[] = [];
  const record = (request: Request) => void requests.push(request);
  page.on('request', record);
  const signedIn = await tap(formSignIn(page));
  const shell = await mark(page, 'shell', signedIn);
  page.off('request', record);
  return { form, toShell: shell - signedIn, phases: signInPhases(requests.map(timed), signedIn, shell, origins) };
}

/** Today: Logout from the user menu, the provider's form, the next picker's sign-in. */
const logoutToSignIn = (browser: Browser, origin: string, stack: StackOrigins, samples: HandoverSamples) =>
  onHandheld(browser, async (page) => {
    await signInAs(page, origin, FIRST.username, FIRST.password);
    await settled(page);
    await page.getByRole('button', { name: /^Account: / }).click();
    const tapped = await tap(page.getByRole('menuitem', { name: 'Log out' }));
    const { form, toShell, phases } = await nextPickerSignsIn(page, tapped, stack);
    samples.logout.toForm.push(form - tapped);
    samples.logout.toShell.push(toShell);
    if (phases) samples.phases.logout.push(phases);
  });

/** The next person's sign-in on the shared handheld; the PIN offer that follows is answered (not timed). */
async function signInOnHandheld(page: Page, origin: string, pin: string | null): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await fillForm(page, FIRST);
  await formSignIn(page).click();
  await mark(page, 'shell', 0);
  const offer = page.getByRole('dialog', { name: 'Set a PIN for this shift' });
  if (pin === null) await offer.getByRole('button', { name: 'Skip' }).click();
  else {
    await offer.getByLabel('PIN', { exact: true }).fill(pin);
    await offer.getByLabel('PIN again').fill(pin);
    await offer.getByRole('button', { name: 'Set PIN' }).click();
  }
  await offer.waitFor({ state: 'hidden' });
}

/** A shared device: End shift, "Next person: sign in", the provider's form, the next picker's sign-in. */
const endShiftToSignIn = (browser: Browser, origin: string, stack: StackOrigins, samples: HandoverSamples) =>
  onHandheld(browser, async (page) => {
    await signInOnHandheld(page, origin, null);
    await settled(page);
    await page.getByRole('button', { name: /^Account: / }).click();
    const tapped = await tap(page.getByRole('menuitem', { name: 'End shift' }));
    const nextPerson = await mark(page, 'nextPerson', tapped);
    const asked = await tap(page.getByRole('button', { name: 'Sign in' }));
    const { form, toShell, phases } = await nextPickerSignsIn(page, asked, stack);
    samples.endShift.toNextPerson.push(nextPerson - tapped);
    samples.endShift.toForm.push(form - asked);
    samples.endShift.toShell.push(toShell);
    if (phases) samples.phases.endShift.push(phases);
  });

/** A shared device locked by its idle time (the page's clock moved on): the PIN's last digit → the frame working again. */
const pinToFrame = (browser: Browser, origin: string, samples: HandoverSamples) =>
  onHandheld(browser, async (page) => {
    await page.clock.install();
    await signInOnHandheld(page, origin, PIN);
    await page.locator('.frame-host iframe:not([hidden])').waitFor();
    await page.clock.fastForward('05:01');
    const field = page.getByRole('dialog', { name: 'Screen locked' }).getByLabel('PIN');
    await field.fill(PIN.slice(0, -1));
    const working = page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let typed = 0;
          // The page's own clock on both ends: Playwright's clock stands in for performance.now() here.
          addEventListener('keydown', () => (typed = performance.now()), { capture: true, once: true });
          const check = () => {
            const frame = document.querySelector('.frame-host iframe:not([hidden])');
            if (typed && !document.querySelector('dialog.shift-lock') && frame?.checkVisibility()) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - typed)));
            else requestAnimationFrame(check);
          };
          check();
        }),
    );
    await field.press(PIN.slice(-1));
    samples.pinToFrame.push(await working);
  });

async function main() {
  const server = await servePortal();
  const stack = { issuer: server.stack.issuer, api: server.stack.api };
  const { port } = new URL(server.origin);
  const personal = server.origin;
  const shared = `http://handheld.portal.localhost:${port}`;
  const browser = await launchChromium();
  const samples: HandoverSamples = { logout: { toForm: [], toShell: [] }, endShift: { toNextPerson: [], toForm: [], toShell: [] }, pinToFrame: [], phases: { logout: [], endShift: [] } };
  const loadAtStart = loadavg()[0] ?? 0;
  try {
    console.log(`Shift handover: ${RUNS} runs on the handheld profile (today's Logout on ${personal}, the shared handheld on ${shared})`);
    for (let run = 1; run <= RUNS; run++) {
      await logoutToSignIn(browser, personal, stack, samples);
      await endShiftToSignIn(browser, shared, stack, samples);
      await pinToFrame(browser, shared, samples);
      console.log(`  run ${run} of ${RUNS} done`);
    }
    const machine = `${cpus().length} cores, 1-minute load average ${loadAtStart.toFixed(1)} at the start and ${(loadavg()[0] ?? 0).toFixed(1)} at the end`;
    console.log(`\n${formatHandoverTable(samples, RUNS, HANDHELD.description, machine)}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
