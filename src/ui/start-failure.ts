import { restart } from '../effects/restart.ts';

/**
 * The page shown when the portal's own code cannot start: in both languages at once, since i18next
 * may be the part that failed. React draws it (pages/StartFailure.tsx) when a later part fails; the
 * boot step (src/frame-first.ts) draws it when the app's entry itself never ran.
 */
export const START_FAILURE = {
  title: 'Không thể khởi động / Could not start',
  vi: 'Không tải được ứng dụng. Vui lòng kiểm tra kết nối và thử lại.',
  en: 'The portal could not load. Check your connection and try again.',
  retry: 'Thử lại / Retry',
} as const;

const STARTED = 'data-app-started';

/** The app's entry says it runs, first thing (src/main.tsx). */
export function markAppStarted(): void {
  document.documentElement.setAttribute(STARTED, '');
}

/**
 * Once the page has loaded, every script it names has run or failed: an entry that never ran did not
 * arrive (the connection dropped on a first visit, or the server no longer has that release). Then
 * the start-failure page replaces the spinner, instead of a spinner for ever; Retry, or the connection
 * coming back, loads the page again.
 */
export function watchAppStart(root: HTMLElement): void {
  addEventListener(
    'load',
    () => {
      if (document.documentElement.hasAttribute(STARTED)) return;
      console.warn('[start] the app did not start: its code did not arrive');
      drawStartFailure(root);
    },
    { once: true },
  );
}

function drawStartFailure(root: HTMLElement): void {
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text: string, lang?: string) => {
    const made = document.createElement(tag);
    made.textContent = text;
    if (lang) made.lang = lang;
    return made;
  };
  const retry = element('button', START_FAILURE.retry);
  retry.type = 'button';
  retry.className = 'button button--primary';
  retry.addEventListener('click', () => restart('retry'));
  const page = document.createElement('main');
  page.className = 'standalone-page';
  page.append(element('h1', START_FAILURE.title), element('p', START_FAILURE.vi, 'vi'), element('p', START_FAILURE.en, 'en'), retry);
  root.replaceChildren(page);
  addEventListener('online', () => restart('connection'), { once: true });
}
