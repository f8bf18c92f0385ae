import { InPlaceMoves, type Tell } from './in-place.ts';
import type { FramePool } from './pool-store.ts';
import { startWarming, type WarmInput } from './warm.ts';

/** The runtime config's `frames` where it leaves them out (config/schema.ts). */
export const FRAMES_DEFAULTS = { navigateAnswerMs: 1000, warmHandheld: 2, warmDesktop: 4 };

/** What the pool's later part reads of the shell each time it acts; `frames`: the runtime config's, with its defaults. */
export interface AfterIdleInput extends WarmInput {
  frames: typeof FRAMES_DEFAULTS;
}

/**
 * The pool's part that loads once the first screen is idle (shell/FramesAfterIdle.tsx), off the start's
 * path: moves in place and visibility (in-place.ts), the person's opens and warm apps (warm.ts). Until it
 * is taken up every new route gets a new document. Returns its stop.
 */
export function takeUpAfterIdle(pool: FramePool, input: () => AfterIdleInput, tell: Tell): () => void {
  const moves = new InPlaceMoves(pool, () => input().frames.navigateAnswerMs, tell);
  const warming = startWarming(pool, input);
  pool.takeUp({
    showing(spec) {
      // Shown again (the router draws the route the controller has shown) is no second open.
      if (spec.key !== pool.getSnapshot().activeKey) warming.opened(spec.path);
      return moves.showing(spec);
    },
    greeted: moves.greeted,
    answered: moves.answered,
  });
  return () => {
    moves.stop();
    warming.stop();
  };
}
