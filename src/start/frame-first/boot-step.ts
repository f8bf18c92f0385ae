import { canMoveFrames } from '../../frames/adopted-frame.ts';
import { beginEarlyRead } from '../../offline/early-read.ts';
import { STORAGE_KEYS } from '../../storage/keys.ts';
import { webStorage } from '../../storage/web-storage.ts';
import { watchAppStart } from '../../ui/start-failure.ts';
import { CALLBACK_PATH } from '../../session/sign-in-settings.ts';
import { sendStartCallsEarly } from '../early-calls.ts';
import { drawShellPicture } from '../picture/draw.ts';
import { createFrameFirst } from './handoff.ts';
import { parseFrameFirstRecord, planFrameFirst } from './rules.ts';

/**
 * The boot step of a frame-first start, a script of its own that index.html runs before
 * anything else: from the last start's record it draws the picture of the shell as it was and
 * creates the start frame at once, so the embedded page loads while the shell's code arrives and runs; the shell adopts it when it draws
 * (rules.ts has them; on a handheld with a fast network it draws only the picture, and the shell creates the frame). Then it writes the app's entry and preloads into the page
 * (a build puts them on its tag, scripts/vite-plugins.ts bootStepEntry), so the frame is always
 * requested first.
 * A small script rather than the service worker composing index.html: it needs only what this page
 * already stores (localStorage), works the same whether or not a worker controls the page, and the
 * worker's precached index.html stays one file for all. It also begins the start snapshot's read
 * (offline/early-read.ts), done by the time the app's modules run, and on a start without a start frame
 * sends the start's calls (early-calls.ts). Whatever goes wrong, the app still starts;
 * and if the app's entry never runs (its code did not arrive), the start-failure page replaces the spinner.
 */

export function runBootStep(tag: HTMLOrSVGScriptElement | null): void {
  // The start snapshot's read, begun before anything else: it is done before the app's modules run.
  beginEarlyRead('snapshot');
  const stored = webStorage(() => globalThis.localStorage);
  try {
    const plan = planFrameFirst({
      record: parseFrameFirstRecord(stored.get(STORAGE_KEYS.frameFirst)),
      path: location.pathname + location.search,
      now: Date.now(),
      version: __APP_VERSION__,
      read: stored.get,
      online: navigator.onLine,
      canMoveFrames: canMoveFrames(),
      viewportWidth: innerWidth,
      networkRtt: networkRtt(),
    });
    if (plan.kind !== 'none') {
      if (plan.frame.picture) drawShellPicture(plan.frame.picture);
      if (plan.kind === 'frame') createFrameFirst(plan.frame);
    } else if (location.pathname !== CALLBACK_PATH) {
      // A start that runs the start-up sequence before it draws (a first start): its calls go now.
      // A frame-first start draws the last start's shell and revalidates only behind it; the sign-in
      // callback's start goes with the token it is about to receive.
      void sendStartCallsEarly();
    }
  } catch (error) {
    console.warn('[frame-first] the start frame waits for the shell', error);
  } finally {
    if (tag) {
      startApp(tag.dataset);
      preloadAwaited(tag.dataset, stored.get(STORAGE_KEYS.language));
    }
    const root = document.getElementById('root');
    if (root) watchAppStart(root);
  }
}

/** NetInfo's estimate of the round trip (Chromium), or null where the browser does not give one. */
function networkRtt(): number | null {
  const rtt = (navigator as Navigator & { connection?: { rtt?: unknown } }).connection?.rtt;
  return typeof rtt === 'number' ? rtt : null;
}

/** Only the build's own scripts: a tag's attributes are data, however they got there. */
function built(file: string): boolean {
  return /^\/assets\/[\w.-]+\.js$/.test(file);
}

/**
 * What the entry will ask for as soon as it runs (the signed-in shell, the start language's texts;
 * scripts/critical-path.ts lists them), requested now, so that it has arrived by then. The language
 * is the stored one when the build has files for it, else the build's default (as the app decides);
 * read unvalidated: a wrong guess costs one useless download, never the start.
 */
function preloadAwaited(data: DOMStringMap, storedLanguage: string | null): void {
  let stored: unknown = null;
  try {
    stored = JSON.parse(storedLanguage ?? 'null');
  } catch {
    // unreadable: the app reports and removes it
  }
  const filesOf = (language: unknown) => (typeof language === 'string' && /^[a-z]{2}$/.test(language) ? data[`awaited${language[0]!.toUpperCase()}${language[1]}`] : undefined);
  for (const file of (filesOf(stored) ?? filesOf(data.language) ?? '').split(' ').filter(built)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = file;
    document.head.append(link);
  }
}

/**
 * The app's entry, with the modules it imports requested alongside, written into the page where this
 * script stands rather than appended: a module script the parser inserts runs before DOMContentLoaded,
 * as when index.html names it itself, so the service worker's messages of the start (held until then,
 * e.g. "the runtime config changed") still find the app listening.
 */
function startApp({ entry, preload = '' }: DOMStringMap): void {
  if (!entry || !built(entry)) return;
  const preloads = preload.split(' ').filter(built).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
  document.write(`${preloads.join('')}<script type="module" crossorigin src="${entry}"></script>`);
}
