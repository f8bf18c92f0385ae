import type { Services } from '../api/services.ts';
import type { Runtime } from '../config/runtime.ts';
import { withDeferredT } from '../i18n/index.ts';
import { isBrowserOnline, subscribeConnectivity, type OnlineMode } from '../offline/mode.ts';
import type { LogoutAsker, PageOutbox, Writer } from '../outbox/index.ts';
import { beforeLogout, onLogout, type Session } from '../session/session.ts';
import { nextTask } from '../ui/idle.ts';
import { notify } from '../ui/notify.ts';

/**
 * The page's outbox, composed for the signed-in page (in the signed-in chunk): it loads once, on first
 * need — behind the drawn shell, a frame's first request, the sheet, a logout — and starts then. The
 * writer follows the shell's user and seller; the session lends its token (the worker gets a copy);
 * logout runs its step (send first, or keep / discard) and its clean-up.
 */
export interface ComposedOutbox {
  load(): Promise<PageOutbox>;
  /** The shell's user and seller, from the start's context on. */
  follow(writer: Writer): void;
  /** Adds the outbox's step and clean-up to logout and follows the session; returns their removal. */
  activate(): () => void;
}

export function composeOutbox(runtime: Runtime, session: Session, services: Services, mode: OnlineMode): ComposedOutbox {
  let writer: Writer | null = null;
  let loading: Promise<PageOutbox> | null = null;
  const connectivity = { online: isBrowserOnline, onConnectionReturn: (listener: () => void) => subscribeConnectivity((online) => online && listener()) };
  const notice = (count: number) =>
    void withDeferredT()
      .then((t) => notify('success', t('Outbox.DeliveredOffline', { count }), { duration: 6000 }))
      .catch((error: unknown) => console.warn('[outbox] the notice could not be shown', error));
  const load = () =>
    (loading ??= import('./outbox-loader.ts')
      .then(({ loadOutboxFor }) => loadOutboxFor({ runtime, session, services, mode, writer: () => writer, notice, connectivity }))
      .then(
        async (page) => {
          // In a task of its own: the chunk's evaluation and the outbox's start (the database opened, other
          // people's entries sealed) were one task of ~90 ms on a handheld, behind the drawn shell. Whoever
          // waits for the outbox still gets it started, as before (a logout's stop comes after its start).
          await nextTask();
          void page.start().catch((error: unknown) => console.warn('[outbox] the start did not finish', error));
          return page;
        },
        (error: unknown) => {
          loading = null; // a chunk that did not arrive is asked for again next time
          throw error;
        },
      ));

  // The step's questions load only when something waits: most logouts leave without them, and sooner.
  const questions = () => Promise.all([withDeferredT(), import('../shell/outbox-logout.ts')]).then(([t, { outboxLogoutAsker }]) => outboxLogoutAsker(t));
  const logoutAsker: LogoutAsker = {
    sending(count) {
      const dismiss = questions().then((asker) => asker.sending(count));
      return () => void dismiss.then((close) => close()).catch(() => undefined);
    },
    choose: async (question) => (await questions()).choose(question),
  };

  return {
    load,
    follow(next) {
      writer = next;
    },
    activate() {
      let token = session.accessToken();
      const offSession = session.subscribe(() => {
        const next = session.accessToken();
        if (next === token) return;
        token = next;
        if (next && loading) void loading.then((page) => page.sessionChanged()).catch(() => undefined);
      });
      const offStep = beforeLogout(async () => (writer ? (await load()).logoutStep(logoutAsker) : 'continue'));
      // The worker's token and whatever of the user is in the clear go, even if nothing loaded the outbox yet.
      const offHook = onLogout(async () => {
        if (writer) await (await load()).logoutHook();
      });
      return () => {
        offSession();
        offStep();
        offHook();
        void loading?.then((page) => page.stop()).catch(() => undefined);
      };
    },
  };
}
