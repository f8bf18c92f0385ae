import type { Services } from '../api/services.ts';
import type { Runtime } from '../config/runtime.ts';
import type { OnlineMode } from '../offline/mode.ts';
import { loadPageOutbox, type PageOutbox, type PageOutboxDeps, type Writer } from '../outbox/index.ts';
import type { Session } from '../session/session.ts';
import { reportProblem } from '../storage/problems.ts';

/** The page's outbox over this page's session, API and runtime config: loaded on first need (outbox-composition.ts), not at start. */
export function loadOutboxFor({ runtime, session, services, mode, writer, notice, connectivity }: {
  runtime: Runtime;
  session: Session;
  services: Services;
  mode: OnlineMode;
  writer: () => Writer | null;
  /** Writes made offline were delivered. */
  notice(count: number): void;
  connectivity: Pick<PageOutboxDeps, 'online' | 'onConnectionReturn'>;
}): Promise<PageOutbox> {
  const signedIn = (sub: string) => {
    const state = session.getState();
    return state.status === 'signedIn' && state.user.profile.sub === sub ? state.user : null;
  };
  const { appApis } = runtime.config;
  return loadPageOutbox({
    writer,
    apiBases: (app) => (Object.hasOwn(appApis, app) ? (appApis[app as keyof typeof appApis] ?? []) : []),
    sessionToken: async (sub) => (signedIn(sub) ? session.validAccessToken() : null),
    renewFor: async (sub) => (signedIn(sub) ? session.renewAfterUnauthorized() : false),
    sessionCredential: () => {
      const state = session.getState();
      if (state.status !== 'signedIn') return null;
      return { owner: state.user.profile.sub, accessToken: state.user.access_token, expiresAt: (state.user.expires_at ?? 0) * 1000 };
    },
    fetchKey: () => services.api.outboxKey(),
    offlineMode: mode === 'offline',
    ...connectivity,
    onDeliveredMadeOffline: notice,
    onProblem: (problem) => reportProblem('outbox_problem', { ...problem, ...('error' in problem ? { error: String(problem.error) } : {}) }),
  });
}
