import { useEffect, useState } from 'react';
import type { FrameUserData } from '../../packages/frame-client/index.ts';
import { useConnectivity } from '../offline/useConnectivity.ts';
import { editing } from './editing.ts';
import {
  listenToFrames,
  type KnownFrame,
  type OriginPolicy,
  type OutboxMessage,
  type OutboxPost,
  type RejectionReason,
  type ScannerPost,
  type ScanRequestMessage,
} from './messenger.ts';
import { FramePool, type AdoptedFrame, type FrameSpec } from './pool-store.ts';
import { poolSize } from './pool.ts';
import { layoutWidth } from '../ui/breakpoints.ts';

export interface FrameEvents {
  /** The shown frame reported a path; `answer`: it answers a move in place (so it replaces that move's address). */
  onRoute(frame: KnownFrame & { app: string }, path: string, answer: boolean): void;
  onLogout(): void;
  userData(): FrameUserData | null;
  /** An outbox request of a verified frame of `app` (shown or kept alive). */
  onOutbox(frame: KnownFrame & { app: string }, message: OutboxMessage, post: OutboxPost): void;
  /** A camera request of a verified frame of the pool. */
  onScanRequest(frame: KnownFrame, message: ScanRequestMessage, post: ScannerPost): void;
  onRejected(reason: RejectionReason, type: string, origin: string): void;
}

/** A frame created before the pool (the start's boot step), offered to the pool's first show. */
export interface FrameAdoption {
  /** That frame if it is exactly the one the pool would create for `spec` (then taken), else null. */
  adopt(spec: { key: string; src: string; name: string }): AdoptedFrame | null;
  /** Removes it if the first show did not take it. */
  release(): void;
}
const NO_ADOPTION: FrameAdoption = { adopt: () => null, release: () => undefined };

/**
 * The keep-alive pool and the message router of one signed-in page; shows `active` (or nothing).
 * `mayOpen` is asked as a frame is to be shown: false for a page the shell is leaving at once (an
 * upgrade window), so that frame is never created. The pool's later part (moves in place, visibility,
 * warm apps: after-idle.ts) is taken up once the first screen is idle (shell/FramesAfterIdle.tsx).
 */
export function useFrames(
  active: FrameSpec | null,
  events: FrameEvents,
  policy: OriginPolicy,
  mayOpen: () => boolean = () => true,
  adoption: FrameAdoption = NO_ADOPTION,
): FramePool {
  const [pool] = useState(() => new FramePool(() => poolSize(layoutWidth()), adoption.adopt));
  // Offline mode (the frame's settings carry the shell's mode) or no connectivity: frames must say `ready`.
  const online = useConnectivity();
  const offline = !online || active?.settings.isOnlineMode === false;

  useEffect(() => pool.setOffline(offline), [pool, offline]);

  useEffect(() => {
    if (active && mayOpen()) pool.show(active);
    else pool.hide();
    // A frame created before the pool is adopted by the first show or not at all.
    adoption.release();
  }, [pool, active, mayOpen, adoption]);

  useEffect(
    () =>
      listenToFrames(
        {
          findFrame: pool.find,
          onHello: (frame, capabilities) => pool.hello(frame.key, capabilities),
          onReady: (frame) => pool.ready(frame.key),
          onRoute: (frame, path, navigation) => {
            const answer = pool.answered(frame.key, navigation);
            // An answer to a move this frame no longer awaits (a later one, or its time is up) says nothing.
            if (navigation !== undefined && !answer) return;
            const app = pool.routeSender(frame.key);
            if (app) events.onRoute({ ...frame, app }, path, answer);
          },
          onEditing: (frame, isEditing) => editing.set(frame.key, isEditing),
          onLogout: events.onLogout,
          userData: events.userData,
          onOutbox: (frame, message, post) => {
            const app = pool.appOf(frame.key);
            if (app) events.onOutbox({ ...frame, app }, message, post);
          },
          onScanRequest: events.onScanRequest,
          onRejected: (reason, message, origin) => events.onRejected(reason, message.type, origin),
          onSessionEnded: (frame) => pool.sessionEnded(frame),
        },
        policy,
        window,
        // What the adopted frame said before this listener existed (its ready, route or user-data request).
        pool.takeEarlyMessages(),
      ),
    [pool, events, policy],
  );
  return pool;
}
