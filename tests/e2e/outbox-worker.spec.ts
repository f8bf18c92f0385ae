import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { faultsNotInjected, planFault } from '../../dev/testing/faults.ts';
import { activeFrame, API, appReady, expectShell, prepareOfflineUse, salesReader, sell, useEnglish, type RecordedSale } from './support.ts';

/**
 * The outbox's service worker with the till closed (README "Frame protocol: the outbox", Background
 * Sync): sales made offline are delivered by the worker when the connection returns, with no portal
 * page open, however the tries before went; and a write the worker could not send for want of a valid
 * token goes as soon as a page starts again. Every fault is the API's own, planned and counted there.
 */
test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

const TILL = '/dpos/create-order';
/** No page of the portal is open to wait in. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens the till offline, sells one sale, and closes the till: no page of the portal is left open. */
async function sellOfflineAndClose(context: BrowserContext, note: string): Promise<void> {
  await context.setOffline(true);
  const till = await context.newPage();
  await till.goto(TILL);
  await appReady(activeFrame(till));
  await sell(till, note);
  await till.close();
}

/** The sale with `note`, once the API holds it (polled from Node). */
async function arrival(read: () => Promise<RecordedSale[]>, note: string, timeout: number): Promise<RecordedSale> {
  let found: RecordedSale[] = [];
  await expect.poll(async () => (found = (await read()).filter((sale) => sale.note === note)).length, { timeout, intervals: [200] }).toBeGreaterThan(0);
  return found[0]!;
}

test('the till closed: every return of the connection delivers what waits within seconds, whatever failed before', async ({ page, context }) => {
  test.setTimeout(240_000);
  await prepareOfflineUse(page, TILL);
  await page.close();
  const read = await salesReader('cashier', new URL(TILL, test.info().project.use.baseURL).origin);
  const planned: string[] = [];
  const delays: string[] = [];
  const notes: string[] = [];
  /** Sells offline with the till closed, then brings the connection back; `during` runs once it is back. */
  const round = async (name: string, { before, during }: { before?: () => Promise<void>; during?: () => Promise<number> } = {}) => {
    const note = `worker-${name}-${Date.now()}`;
    notes.push(note);
    await sellOfflineAndClose(context, note);
    await before?.();
    let back = Date.now();
    await context.setOffline(false);
    back = (await during?.()) ?? back;
    const sale = await arrival(read, note, 60_000);
    const delay = Date.parse(sale.recordedAt) - back;
    delays.push(`${name} ${delay} ms`);
    expect(delay, `${name}: delivered ${delay} ms after the connection returned`).toBeLessThanOrEqual(5000);
  };

  await round('first');
  // The worker's first try is answered 503: it waits out its back-off within the event and tries again.
  await round('after a 503', { before: async () => void planned.push(await planFault(API, { endpoint: 'posSale', fault: 'unavailable' })) });
  // Once a try of the worker's failed, the next sale made offline still goes at the next return (the
  // old worker failed its event, and the browser held the registration back for 5 minutes).
  await round('the next one');
  // The answer is lost after the API recorded the sale: the worker's retry gets the recorded answer.
  await round('answer lost', { before: async () => void planned.push(await planFault(API, { endpoint: 'posSale', fault: 'lose-answer' })) });
  // The server asks for 3 s; meanwhile the connection drops again, and returns: the worker, still in its
  // event, meets that return too.
  await round('a drop while waiting', {
    before: async () => void planned.push(await planFault(API, { endpoint: 'posSale', fault: 'unavailable', retryAfterSeconds: 3 })),
    during: async () => {
      await pause(1500);
      await context.setOffline(true);
      await pause(5000);
      const back = Date.now();
      await context.setOffline(false);
      return back;
    },
  });
  console.log(`[outbox worker] delays from the connection's return to the API: ${delays.join(', ')}`);

  expect(await faultsNotInjected(API, planned)).toEqual([]);
  const sales = await read();
  for (const note of notes) expect(sales.filter((sale) => sale.note === note), note).toHaveLength(1);
});

test('a 401 met by the worker: the next start of the till renews and sends the write within 2 s of its shell', async ({ page, context }) => {
  test.setTimeout(120_000);
  await prepareOfflineUse(page, TILL);
  const token = await page.evaluate(() => {
    const entry = Object.entries(localStorage).find(([name]) => name.startsWith('oidc.user:'));
    return (JSON.parse(entry?.[1] ?? '{}') as { access_token: string }).access_token;
  });
  await page.close();
  const read = await salesReader('cashier', new URL(TILL, test.info().project.use.baseURL).origin);
  const note = `worker-401-${Date.now()}`;
  await sellOfflineAndClose(context, note);
  // The API refuses the token the worker holds (the page's too, until it renews): the worker's try, and the page's first.
  const refused = await planFault(API, { endpoint: 'posSale', fault: 'unauthorized', bearer: token, times: 2 });
  await context.setOffline(false);
  await expect.poll(async () => (await faultsNotInjected(API, [refused]))[0]?.injected, { message: 'the worker’s try met the 401' }).toBe(1);
  await pause(1000);
  expect((await read()).filter((sale) => sale.note === note)).toEqual([]);

  const till: Page = await context.newPage();
  await till.goto(TILL);
  await expectShell(till);
  const shown = Date.now();
  const sale = await arrival(read, note, 60_000);
  const delay = Date.parse(sale.recordedAt) - shown;
  console.log(`[outbox worker] the write refused at the worker arrived ${delay} ms after the shell showed`);
  expect(delay).toBeLessThanOrEqual(2000);
  expect(await faultsNotInjected(API, [refused])).toEqual([]);
  expect((await read()).filter((one) => one.note === note)).toHaveLength(1);
});
