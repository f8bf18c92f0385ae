/**
 * The two shells under test, behind one interface: where each is opened, when it is interactive,
 * whether it has a service worker, and where its menu links and its search are.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { CatalogueRoute, LuigiNavigation, Titles } from './luigi/build.ts';
import { routeTitle } from './luigi/build.ts';
import { PORTAL_INTERACTIVE, SHELL } from './portal.ts';

export interface ShellUnderTest {
  name: string;
  origin: string;
  /** CSS selectors that all match once the shell is interactive. */
  interactive: string[];
  serviceWorker: boolean;
  /** Keeps the person's most opened apps warm (the portal, issue 56): its moves wait for its warm frame. */
  warmsApps: boolean;
  /** Browser state a run starts from (the portal: a fresh sign-in, English), if any. */
  storageState?: () => Promise<Awaited<ReturnType<BrowserContext['storageState']>>>;
  /** The menu link of a catalogue route, made present in the DOM first if the menu hides it. */
  link(page: Page, path: string): Promise<Locator>;
  /** Opens the search and returns the element whose changes are its results. */
  openSearch(page: Page): Promise<Locator>;
  closeSearch(page: Page): Promise<void>;
}

export function portalShell(origin: string, catalogue: CatalogueRoute[], titles: Titles, storageState: ShellUnderTest['storageState']): ShellUnderTest {
  const groupTitle = new Map<string, string>();
  for (const group of catalogue.filter((route) => route.children && !route.iFrameSrc)) {
    for (const child of group.children ?? []) groupTitle.set(child, routeTitle(group.title, titles));
  }
  // On a phone the menu is a closed drawer (display: none): its links are found and clicked by script.
  const menu = (page: Page) => page.getByRole('navigation', { name: SHELL.mainMenu, includeHidden: true });
  return {
    name: 'Staff Portal',
    origin,
    interactive: PORTAL_INTERACTIVE,
    serviceWorker: true,
    warmsApps: true,
    storageState,
    async link(page, path) {
      const link = menu(page).locator(`a[href="${path}"]`);
      const group = groupTitle.get(path);
      // A collapsed group renders no links (src/shell/SidebarMenu.tsx): open it, outside the timing.
      if (group && (await link.count()) === 0) {
        await menu(page)
          .getByRole('button', { name: group, exact: true, includeHidden: true })
          .evaluate((button) => (button as HTMLElement).click());
      }
      await link.waitFor({ state: 'attached' });
      return link;
    },
    async openSearch(page) {
      await page.keyboard.press('Control+K');
      const dialog = page.getByRole('dialog', { name: SHELL.searchDialog });
      await dialog.getByRole('searchbox').or(dialog.locator('input')).first().focus();
      return dialog;
    },
    async closeSearch(page) {
      const dialog = page.getByRole('dialog', { name: SHELL.searchDialog });
      // In a type=search field the first Escape clears the text; the next one closes the dialog.
      while (await dialog.isVisible()) await page.keyboard.press('Escape');
    },
  };
}

export function luigiShell(origin: string, navigation: LuigiNavigation): ShellUnderTest {
  return {
    name: 'SAP Luigi',
    origin,
    interactive: ['nav.fd-side-nav a[href]', '.fd-shellbar', '.iframeContainer iframe'],
    serviceWorker: false,
    warmsApps: false,
    async link(page, path) {
      const target = navigation.paths[path];
      if (!target) throw new Error(`the Luigi shell has no node for ${path}`);
      // Luigi renders the links of collapsed categories too, and a script click reaches them; the
      // landing node is the top navigation's entry in the shell bar.
      return page.locator(`nav.fd-side-nav a[href="${target}"], .fd-shellbar a.fd-shellbar__button[href="${target}"]`);
    },
    async openSearch(page) {
      await page.locator('[data-testid="luigi-search-btn-desktop"]').click();
      await page.locator('[data-testid="luigi-search-input"]').focus();
      return page.locator('.luigi-search');
    },
    async closeSearch(page) {
      await page.keyboard.press('Escape');
      await page.locator('[data-testid="luigi-search-btn-desktop"]').click();
    },
  };
}
