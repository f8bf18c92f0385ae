import * as v from 'valibot';
import type { Runtime } from '../config/runtime.ts';
import { storedPlatform, storedSellerId, storedSiteId } from '../context/choices.ts';
import { portalUserFrom, type PortalUser } from '../context/user.ts';
import type { CachedFlags } from '../flags/flagr.ts';
import { loadFlagsWithin } from '../flags/load.ts';
import { subscribeConnectivity } from '../offline/mode.ts';
import { storedUserName } from '../session/stored-entries.ts';
import { whenIdle } from '../ui/idle.ts';
import type { Session } from '../session/session.ts';
import type { PageParts } from './composition.ts';
import type { Services } from '../api/services.ts';
import { composeOutbox, type ComposedOutbox } from './outbox-composition.ts';
import { createServices } from './services.ts';
import { readSnapshot, runStartup, saveSnapshot, snapshotFromRecord, stampFrameFirstLater, StartFlow, type SnapshotWanted } from '../start/index.ts';

/** The composition root's last step (composition.ts), in the signed-in chunk: what a signed-in page starts from. */

const cachedFlagsSchema = v.object({
  entity: v.object({
    entityID: v.string(),
    entityType: v.literal('user'),
    entityContext: v.object({ seller_id: v.nullable(v.number()), platformId: v.nullable(v.number()) }),
  }),
  values: v.record(v.string(), v.boolean()),
  fetchedAt: v.number(),
});

export interface StartInput {
  /** The signed-in user (online) or none (offline, no session to check). */
  user: PortalUser | null;
  /** Where the user was going: a sign-in redirect comes back there. */
  returnTo: string;
  /** Calls made together may all answer 403: the first names the page tried. */
  goToForbidden(): void;
  /** The user's one claimed seller: calls carry it from the first one on. */
  claimedSeller: number | null;
}

/** For the signed-in user (or none offline): the API services, the start flow over them and the page's outbox. */
export function composeStart(page: PageParts, runtime: Runtime, session: Session, input: StartInput): { services: Services; flow: StartFlow; outbox: ComposedOutbox } {
  const services = createServices(runtime, session, input.goToForbidden, input.claimedSeller);
  const { mode, cache } = page;
  const outbox = composeOutbox(runtime, session, services, mode);
  const deadlineMs = runtime.config.startup.deadlineSeconds * 1000;
  const snapshotMaxAgeMs = runtime.config.startup.snapshotMaxAgeHours * 3_600_000;
  const wanted = (): SnapshotWanted => ({
    sub: input.user?.sub ?? null,
    // Offline, the last release's will do: a new release must not cost the device its offline start.
    version: mode === 'online' ? runtime.version : null,
    maxAgeMs: mode === 'online' ? snapshotMaxAgeMs : null,
    // Offline there are no switches: the last snapshot is what there is.
    choices: mode === 'online' ? { platformId: storedPlatform()?.id, sellerId: storedSellerId(), siteId: storedSiteId() } : {},
  });
  // The boot step's read, settled before the first render: the flow judges it at once (a snapshot start draws the shell in that render).
  const early = page.takeEarlySnapshot();
  const flow = new StartFlow({
    mode,
    user: input.user,
    deadlineMs,
    readSnapshot: () => readSnapshot(cache, wanted()),
    snapshotNow: () => (early ? snapshotFromRecord(cache, early.record, wanted()) : null),
    async refreshUser() {
      const refreshed = await session.refreshUser(input.returnTo);
      return refreshed ? portalUserFrom(refreshed.profile as Record<string, unknown>) : null;
    },
    runStartup: (current, onStep) =>
      runStartup(current, {
        api: services.api,
        stored: { platform: storedPlatform, sellerId: storedSellerId, siteId: storedSiteId },
        deadlineMs,
        onStep,
        loadFlags: (context, budgetMs) =>
          loadFlagsWithin(budgetMs, context, {
            evaluate: (request) => services.api.evaluateFlags(request),
            readCache: async () => (await cache.read('flags', cachedFlagsSchema))?.value as CachedFlags | undefined,
            writeCache: (flags) => cache.write('flags', flags),
            onFailure: (error) => services.tracker.event('custom', 'flags_failed', { message: String(error) }),
          }),
      }),
    async saveSnapshot(context) {
      await saveSnapshot(cache, context, runtime.version);
      await stampFrameFirstLater({
        sub: context.user.sub,
        version: runtime.version,
        savedAt: Date.now(),
        maxAgeMs: snapshotMaxAgeMs,
        userEntry: storedUserName(runtime.config.oidc.authority, runtime.config.oidc.clientId),
      });
    },
    onContext: (context) => {
      services.setCurrentSeller(context.seller.id);
      outbox.follow({ sub: context.user.sub, sellerId: context.seller.id });
    },
    onConnectionReturn: (listener) => subscribeConnectivity((online) => online && listener()),
    behindShell: whenIdle,
  });
  return { services, flow, outbox };
}
