import type { Page } from 'playwright-core';
import { allPresent } from './measure.ts';

/**
 * The signed-in shell's contract as the benchmark reads it in the page (English UI): the main menu,
 * the header's user menu button ("Account: <user name>"), the search dialog and the frame host.
 */
export const SHELL = {
  mainMenu: 'Main menu',
  userMenuPrefix: 'Account',
  searchDialog: 'Search menu',
} as const;

/**
 * Present together once the shell is interactive: the main menu, the header's user menu button and a
 * frame element (CSS selectors, checked in the page on every animation frame).
 */
export const PORTAL_INTERACTIVE = [
  `nav[aria-label="${SHELL.mainMenu}"]`,
  `header.shell-header button[aria-label^="${SHELL.userMenuPrefix}"]`,
  '.frame-host iframe',
];

/**
 * Signs in through the provider's login form and waits for the interactive shell. (tests/e2e/support.ts
 * has the same steps for the fixture users; the benchmark's own user is not one of them.)
 */
export async function signInAs(page: Page, origin: string, username: string, password: string): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel(/^(Tên đăng nhập|Username)$/).fill(username);
  await page.getByLabel(/^(Mật khẩu|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(Đăng nhập|Sign in)$/ }).click();
  await page.waitForURL((url) => url.origin === origin && url.pathname !== '/callback');
  await portalInteractive(page);
}

/** Waits until the page shows the interactive shell (PORTAL_INTERACTIVE). */
export async function portalInteractive(page: Page, timeout?: number): Promise<void> {
  await allPresent(page, PORTAL_INTERACTIVE, timeout);
}
