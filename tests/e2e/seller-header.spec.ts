import { expect, test, type Page } from '@playwright/test';
import { API, expectShell, signIn, useEnglish } from './support.ts';

/**
 * shell.md §7: every call carries the current seller in X-Seller-Id once it is known.
 * Every API request of a start is recorded, from the first one.
 */
interface Recorded {
  call: string;
  seller: string | null;
}

function record(page: Page): Recorded[] {
  const calls: Recorded[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith(API) || request.method() === 'OPTIONS') return;
    const url = new URL(request.url());
    calls.push({ call: `${request.method()} ${url.pathname}${url.search}`, seller: request.headers()['x-seller-id'] ?? null });
  });
  return calls;
}

/**
 * `expected` (method and path) are all among the recorded calls, as many times as listed; returns every
 * recorded path. (Not an idle network: a loaded machine rarely gives one.)
 */
async function callsMade(calls: Recorded[], expected: string[]): Promise<string[]> {
  const paths = () => calls.map(({ call }) => call.split('?')[0] ?? call);
  const count = (list: string[], path: string) => list.filter((each) => each === path).length;
  await expect.poll(() => expected.every((path) => count(paths(), path) >= count(expected, path))).toBe(true);
  return paths();
}

/** The start's calls have been made: the shell is up and `expected` are all among the recorded calls. */
async function startSettled(page: Page, calls: Recorded[], expected: string[]): Promise<string[]> {
  await expectShell(page);
  return callsMade(calls, expected);
}

test.beforeEach(async ({ page }) => {
  await useEnglish(page);
});

test("the cashier's claimed seller is on every call of the start, the first included", async ({ page }) => {
  const calls = record(page);
  await signIn(page, 'cashier');
  const startCalls = [
    'POST /api/v1/evaluation/batch',
    'GET /api/v1/seller-list',
    'GET /api/v1/platforms/1/websites',
    'GET /api/v1/sites/user',
    'GET /api/v1/platforms/config',
    'GET /api/v1/platforms/config',
  ];
  const paths = await startSettled(page, calls, startCalls);
  for (const startCall of startCalls) expect(paths, startCall).toContain(startCall);
  expect(calls.filter((platformConfig) => platformConfig.call.startsWith('GET /api/v1/platforms/config'))).toHaveLength(2);
  expect(calls.filter(({ seller }) => seller !== '2')).toEqual([]);
});

test("the accountant's calls carry no seller before one is known, then the chosen one on every call", async ({ page }) => {
  const beforeChoice = record(page);
  await signIn(page, 'accountant');
  await page.getByRole('button', { name: /Chuỗi Bán lẻ Đông Dương/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose seller' })).toBeVisible();
  // The start's calls for the platform, up to the seller list the dialog shows.
  await callsMade(beforeChoice, ['POST /api/v1/evaluation/batch', 'GET /api/v1/sites/user', 'GET /api/v1/platforms/config', 'GET /api/v1/seller-list']);
  // An all-platform, several-seller user with nothing stored: no seller is known, so none is sent (never a guess).
  expect(beforeChoice.length).toBeGreaterThan(0);
  expect(beforeChoice.filter(({ seller }) => seller !== null)).toEqual([]);
  page.removeAllListeners('request');

  const afterChoice = record(page);
  await page.getByRole('searchbox', { name: 'Search by seller name or id' }).fill('18');
  await page.getByRole('list', { name: 'Choose seller' }).getByRole('button').first().click();
  const paths = await startSettled(page, afterChoice, ['POST /api/v1/evaluation/batch', 'GET /api/v1/seller-list', 'GET /api/v1/platforms/config']);
  expect(paths).toEqual(expect.arrayContaining(['POST /api/v1/evaluation/batch', 'GET /api/v1/seller-list', 'GET /api/v1/platforms/config']));
  expect(afterChoice.filter(({ seller }) => seller !== '18')).toEqual([]);
});
