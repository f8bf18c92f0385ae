/**
 * Moves between embedded pages (issue 56), timed the same way in both shells: from the click on a menu
 * link to the first paint of that route's page in the frame that shows it — a new document, a frame moved
 * in place (the portal), or a warm frame shown. Each frame of the page tells the page when it painted which
 * route while shown (`recordViews`, an init script, by a message the shells ignore); the click's time and
 * those records are on the machine's clock (`performance.timeOrigin + performance.now()`). The page waits
 * for the record itself: nothing asks into the frames meanwhile, whose work would share their main thread.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { CatalogueRoute } from './luigi/build.ts';

interface View {
  path: string;
  at: number;
}

/**
 * Runs in every document of a context. In a frame: after each change of its document, and each time it comes
 * into view, tells the page the next paint's time and the route it shows (a frame that is not rendered,
 * display: none, paints nothing, so a hidden frame's word waits until it is shown). In the page: keeps them.
 */
function recordViews(): void {
  if (window === window.top) {
    const views: View[] = [];
    (window as unknown as { __views: View[] }).__views = views;
    addEventListener('message', (event: MessageEvent) => {
      const view = (event.data as { benchView?: View } | null)?.benchView;
      if (view) views.push(view);
    });
    return;
  }
  const record = () => requestAnimationFrame(() => setTimeout(() => parent.postMessage({ benchView: { path: location.pathname, at: performance.timeOrigin + performance.now() } }, '*')));
  new MutationObserver(record).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  addEventListener('DOMContentLoaded', () => new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && record()).observe(document.documentElement));
}

export async function recordViewsIn(context: BrowserContext): Promise<void> {
  await context.addInitScript(recordViews);
}

export interface Opened {
  /** Click → the route's page painted in a shown frame. */
  ms: number;
  /** Click → the request of a new frame's document for it (the shell's own part); null when none was made (a frame moved in place or shown again). */
  request: number | null;
}

/**
 * Clicks `link` and waits until a frame has painted one of `appPaths` (the embedded app's own path; a route of
 * two flag-gated variants has one per variant) while shown.
 * With `request`, also when the click's new frame document, if any, was requested (Resource Timing, read
 * for a while after: an iframe's entry appears once its document has loaded).
 */
export async function clickToView(page: Page, link: Locator, appPaths: readonly string[], { request = false, timeout = 20_000 } = {}): Promise<Opened> {
  // A menu may draw one link twice (Luigi's collapsed navigation on a phone): either one navigates.
  const clicked = await link.first().evaluate((element) => {
    const at = { epoch: performance.timeOrigin + performance.now(), page: performance.now() };
    (element as HTMLElement).click();
    return at;
  });
  const painted = await page
    .waitForFunction(
      ([paths, since]) => ((window as unknown as { __views: View[] }).__views.find((view) => paths.includes(view.path) && view.at >= since)?.at ?? false),
      [appPaths, clicked.epoch] as const,
      { polling: 50, timeout },
    )
    .catch(() => {
      throw new Error(`no frame painted ${appPaths.join(' or ')} within ${timeout / 1000} s of the click`);
    });
  const ms = ((await painted.jsonValue()) as number) - clicked.epoch;
  if (!request) return { ms, request: null };
  const started = await page
    .waitForFunction(
      ([paths, since]) =>
        performance
          .getEntriesByType('resource')
          .find((entry) => (entry as PerformanceResourceTiming).initiatorType === 'iframe' && paths.includes(new URL(entry.name).pathname) && entry.startTime >= since)?.startTime ?? false,
      [appPaths, clicked.page] as const,
      { polling: 100, timeout: 3000 },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
  return { ms, request: started === null ? null : started - clicked.page };
}

/** The load time the sample app stamps (`#loaded-at`) of the shown frame at one of `appPaths`: one document's identity. */
export async function documentShowing(page: Page, appPaths: readonly string[]): Promise<string | null> {
  for (const frame of page.frames()) {
    if (frame === page.mainFrame() || !URL.canParse(frame.url()) || !appPaths.includes(new URL(frame.url()).pathname)) continue;
    if (!(await (await frame.frameElement()).isVisible())) continue;
    return frame.locator('#loaded-at').getAttribute('datetime', { timeout: 5000 });
  }
  return null;
}

/** Each frame route's paths in its app (what its frame's page shows; one per flag-gated variant), by portal path. */
export function appPaths(catalogue: readonly CatalogueRoute[]): Map<string, string[]> {
  const paths = new Map<string, string[]>();
  for (const route of catalogue) {
    if (!route.iFrameSrc || typeof route.iFrameSrc.path !== 'string') continue;
    paths.set(route.path, [...(paths.get(route.path) ?? []), new URL(route.iFrameSrc.path, 'http://app').pathname]);
  }
  return paths;
}

/** The moves of one run: a cold app's route, then another route of that app, then the entry of a warm app. */
export interface MovesPlan {
  cold: string;
  sameApp: string;
  warm: string;
}

/**
 * Picks the routes of the moves from the menu's frame routes, in menu order: the first app with two routes
 * (neither the landing page's app nor `exclude`, e.g. an app that does not route in place) gives the cold
 * app and its second route; the next app gives the warm one. Pure.
 */
export function planMoves(menuPaths: readonly string[], catalogue: readonly CatalogueRoute[], exclude: ReadonlySet<string>): MovesPlan {
  const framed = catalogue.filter((route) => route.iFrameSrc && typeof route.iFrameSrc.path === 'string');
  const target = new Map(framed.map((route) => [route.path, route.iFrameSrc!]));
  // A path of two flag-gated variants may be either app's: not one to plan with.
  const variants = new Set(framed.filter((route, index) => framed.findIndex((other) => other.path === route.path) !== index).map((route) => route.path));
  const landing = target.get('/')?.app;
  const byApp = new Map<string, string[]>();
  for (const path of menuPaths) {
    const app = target.get(path)?.app;
    if (!app || app === landing || exclude.has(app) || variants.has(path)) continue;
    byApp.set(app, [...(byApp.get(app) ?? []), path]);
  }
  const cold = [...byApp.entries()].find(([, paths]) => paths.length >= 2);
  const warm = [...byApp.entries()].find(([app]) => app !== cold?.[0]);
  if (!cold || !warm) throw new Error('the menu has no app with two frame routes and another app besides: no moves to time');
  const [coldPath, samePath] = cold[1] as [string, string];
  return { cold: coldPath, sameApp: samePath, warm: warm[1][0] as string };
}
