/**
 * Timings taken inside the page (performance.now(), one animation frame of precision), so Playwright's
 * own round trips never count. "To paint" means: the DOM changed, then one animation frame and a task
 * later — the first moment after the browser painted the change.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';

/**
 * tsx compiles with esbuild's keepNames, which wraps inner functions in a `__name(...)` helper the
 * page lacks; functions handed to page.evaluate carry those calls with them.
 */
export async function allowEvaluatedFunctions(context: BrowserContext): Promise<void> {
  await context.addInitScript('globalThis.__name = (fn) => fn;');
}

/**
 * A benchmark's number of runs from its environment variable (`name` is what the error calls it):
 * `fallback` when unset, else a whole number of at least 1.
 */
export function runCount(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`${name} must be a whole number of at least 1, not "${value}"`);
  return runs;
}

export const median = (values: number[]) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** Waits until every one of `selectors` matches an element; returns the page's clock then. */
export async function allPresent(page: Page, selectors: readonly string[], timeout = 30_000): Promise<number> {
  // A function, not a string: the portal's CSP forbids eval, which Playwright uses for strings.
  const handle = await page.waitForFunction((all) => all.every((selector) => document.querySelector(selector)) && performance.now(), selectors, { polling: 'raf', timeout });
  return (await handle.jsonValue()) as number;
}

/** Milliseconds from the navigation's start until every one of `selectors` matches an element. */
export async function timeToInteractive(page: Page, url: string, selectors: string[], timeout = 30_000): Promise<number> {
  await page.goto(url, { waitUntil: 'commit', timeout });
  return allPresent(page, selectors, timeout);
}

/**
 * Requests a start made before its shell was interactive (`ms`, from timeToInteractive): the document
 * and every resource the page started by then, from Resource Timing, whatever their origin (config,
 * scripts, translations, API and provider calls, the frame's document; not the frame's own resources).
 * Read once the start frame has loaded, so that requests still under way at `ms` have their entries.
 */
export async function requestsBefore(page: Page, ms: number): Promise<number> {
  return page.evaluate((until) => 1 + performance.getEntriesByType('resource').filter((entry) => entry.startTime <= until).length, ms);
}

export interface StartFrame {
  /** Milliseconds from the navigation's start until the shell requested its first frame. */
  ms: number;
  /**
   * The JS and CSS the page fetched from its own origin before that request, in bytes as sent
   * (compressed): the critical path as the browser saw it (issue 12). Meaningful on a cold start;
   * files a service worker answers report no transfer.
   */
  bytes: number;
}

/**
 * When the page requested its first frame, from Resource Timing (the entry of an iframe appears once
 * its document has loaded, so this waits for it), and the JS and CSS requested before.
 */
export async function startFrameRequest(page: Page, timeout = 30_000): Promise<StartFrame> {
  const handle = await page.waitForFunction(
    () => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const frames = entries.filter((entry) => entry.initiatorType === 'iframe').sort((a, b) => a.startTime - b.startTime);
      const frame = frames[0];
      if (!frame) return false;
      const bytes = entries
        .filter((entry) => entry.startTime < frame.startTime && new URL(entry.name).origin === location.origin && /\.(js|css)$/.test(new URL(entry.name).pathname))
        .reduce((sum, entry) => sum + entry.encodedBodySize, 0);
      return { ms: frame.startTime, bytes };
    },
    undefined,
    { polling: 100, timeout },
  );
  return (await handle.jsonValue()) as StartFrame;
}

/**
 * When the start frame first painted, on the shell page's clock: the frame's own first contentful
 * paint (Paint Timing, on the frame's clock) moved by the difference of the two documents' time
 * origins. The start frame is the first frame of the page (both shells create it first).
 */
export async function startFramePaint(page: Page, timeout = 30_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    const frame = page.mainFrame().childFrames().find((child) => child.url().startsWith('http'));
    const paint = await frame
      ?.evaluate(() => {
        const entry = performance.getEntriesByName('first-contentful-paint')[0];
        return entry ? { at: entry.startTime, origin: performance.timeOrigin } : null;
      })
      .catch(() => null); // the frame navigated meanwhile: ask again
    if (paint) return paint.at + paint.origin - (await page.evaluate(() => performance.timeOrigin));
    if (Date.now() - started > timeout) throw new Error('the start frame did not paint');
    await page.waitForTimeout(100);
  }
}

interface Probe {
  __probe?: Promise<number | null>;
}

/**
 * Keydown to the paint of the first change under `root` (the search results), ignoring the input's
 * own attribute updates. Null when nothing changed within 2 s (a keystroke that left the results alone).
 */
export async function keystrokeToPaint(page: Page, root: Locator, key: string): Promise<number | null> {
  const element = await root.elementHandle();
  await page.evaluate((container) => {
    (window as Probe).__probe = new Promise((resolve) => {
      let start = 0;
      const input = document.activeElement;
      addEventListener('keydown', (event) => (start = event.timeStamp), { capture: true, once: true });
      const observer = new MutationObserver((records) => {
        if (!start || records.every((record) => record.target === input)) return;
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
      });
      observer.observe(container ?? document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      setTimeout(() => {
        observer.disconnect();
        resolve(null);
      }, 2_000);
    });
  }, element);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as Probe).__probe ?? null);
}

/** The address a frame shows, without its query (the portal adds settings there): origin + path. */
const frameAddress = (url: string) => {
  const parsed = new URL(url);
  return parsed.origin + parsed.pathname;
};

/**
 * Clicks `link` and waits for a frame: for a new route, the load event of the visible frame it opens
 * (whatever address the shell gave it); for a route kept alive, the frame with `src` becoming visible.
 * Returns the time from the click to the following paint, the frame's address, and for a new route the
 * time from the click to the frame's request (Resource Timing's start, exposed for any origin): the
 * shell's own part of the navigation, before the embedded page's load.
 */
export async function clickToFrame(page: Page, link: Locator, keptAlive?: string): Promise<{ ms: number; src: string; request: number | null }> {
  const anchor = await link.elementHandle();
  return page.evaluate(
    ([element, expected]) =>
      new Promise<{ ms: number; src: string; request: number | null }>((resolve, reject) => {
        const start = performance.now();
        const requested = (src: string) => {
          const entry = performance.getEntriesByType('resource').findLast((candidate) => candidate.name === src && candidate.startTime >= start);
          return entry ? entry.startTime - start : null;
        };
        const painted = (src: string, request: number | null) => requestAnimationFrame(() => setTimeout(() => resolve({ ms: performance.now() - start, src, request })));
        const timer = setTimeout(() => reject(new Error(`no frame ${expected ? `${expected} shown` : 'loaded'} within 15 s`)), 15_000);
        if (expected) {
          const check = () => {
            if ([...document.querySelectorAll('iframe')].some((frame) => frame.src === expected && frame.checkVisibility())) {
              clearTimeout(timer);
              painted(expected, null);
            } else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        } else {
          document.addEventListener(
            'load',
            function onLoad(event) {
              const frame = event.target;
              if (!(frame instanceof HTMLIFrameElement) || !frame.checkVisibility()) return;
              document.removeEventListener('load', onLoad, true);
              clearTimeout(timer);
              painted(frame.src, requested(frame.src));
            },
            true,
          );
        }
        (element as HTMLElement).click();
      }),
    [anchor, keptAlive ?? ''] as const,
  );
}

/** The sample app's server-side page-view count in the frame loaded from `src` (tells a reload apart). */
export async function pageViewCount(page: Page, src: string): Promise<string | null> {
  const address = frameAddress(src);
  const frame = page.frames().find((candidate) => candidate.url().startsWith('http') && frameAddress(candidate.url()) === address);
  return frame ? frame.locator('#page-view').textContent({ timeout: 5_000 }) : null;
}

/**
 * The JavaScript heap of the shell page's renderer after a full garbage collection: the shell and the
 * frames on its own site, which share its process (every shell and app here is on portal.localhost).
 */
export async function heapAfterGc(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}
