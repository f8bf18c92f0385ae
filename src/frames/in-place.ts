import type { KnownFrame, Telling } from './messenger.ts';
import type { FrameEntry, FramePool, FrameSpec } from './pool-store.ts';
import { frameWindowName } from './settings.ts';

/**
 * Moves in place and visibility (README "Frame protocol: routing in place and warm frames"), the pool's
 * part once the first screen is idle (after-idle.ts).
 *
 * A route not shown yet whose app has a live frame (shown, kept alive or warm) that took part in `navigate`
 * in its hello and has drawn: that frame is re-keyed to the route's address, shown, and told the route
 * (path, params, query, settings). Its route sync answers; with no answer in time it gets a new document at
 * the address, and its app, if it was in view, is not asked again this session. Frames that take part in
 * `visibility` hear when they are shown or hidden.
 */
/**
 * How frames are told (messenger.ts `tellFrame`), handed in: imported here, the messenger and the protocol's
 * modules it needs would leave the start's chunk for one of their own, one more file on the start's path.
 */
export type Tell = (frame: KnownFrame, message: Telling) => void;

/** Ids of moves: unique in the page, which is all an answer's match needs. */
let moves = 0;

export class InPlaceMoves {
  /** Moves awaiting their answer, by entry id. */
  private readonly moving = new Map<number, { navigation: string; timer: ReturnType<typeof setTimeout> }>();
  /** Apps that left a move in place unanswered in view this session. */
  private readonly silent = new Set<string>();
  private shown: number | undefined;
  readonly stop: () => void;

  constructor(
    private readonly pool: FramePool,
    private readonly answerWithinMs: () => number,
    private readonly tell: Tell,
  ) {
    this.shown = this.shownId();
    // Frames hidden before this part loaded learn it now.
    pool.getSnapshot().entries.forEach(this.greeted);
    this.stop = pool.subscribe(() => {
      const before = this.shown;
      this.shown = this.shownId();
      if (before === this.shown) return;
      this.tellVisibility(before);
      this.tellVisibility(this.shown);
    });
  }

  private entries(): readonly FrameEntry[] {
    return this.pool.getSnapshot().entries;
  }

  private shownId(): number | undefined {
    const { entries, activeKey } = this.pool.getSnapshot();
    return entries.find((entry) => entry.key === activeKey)?.id;
  }

  /** Tells the frame of entry `id` whether it is shown, if it takes part. */
  private tellVisibility(id: number | undefined): void {
    const entry = this.entries().find((candidate) => candidate.id === id);
    const frame = entry && this.pool.takesPart(entry.key, 'visibility') ? this.pool.known(entry.key) : null;
    if (frame) this.tell(frame, { type: 'visibility', state: id === this.shownId() ? 'visible' : 'hidden' });
  }

  /** A page said hello: whatever its window.name said, it learns whether it is shown. */
  readonly greeted = (entry: FrameEntry): void => this.tellVisibility(entry.id);

  readonly showing = (spec: FrameSpec): boolean => {
    const entries = this.entries();
    if (entries.some((entry) => entry.key === spec.key)) return false; // kept alive at that very address
    const [mover] = entries
      .filter((entry) => entry.app === spec.app && entry.origin === spec.origin && entry.status === 'ready' && !this.silent.has(entry.app) && this.pool.takesPart(entry.key, 'navigate'))
      .sort((a, b) => b.lastUsed - a.lastUsed);
    const frame = mover && this.pool.known(mover.key);
    if (!mover || !frame) return false;
    // It stands for the new address from now on; the pool shows it (the keep-alive order as for a new frame).
    this.pool.rekey(mover.key, spec.key);
    const url = new URL(spec.src);
    const navigation = `move-${++moves}-${Date.now()}`;
    this.tell(frame, { type: 'navigate', navigation, route: { path: url.pathname, params: { ...spec.params }, query: url.search, settings: spec.settings } });
    clearTimeout(this.moving.get(mover.id)?.timer);
    this.moving.set(mover.id, { navigation, timer: setTimeout(() => this.unanswered(mover.id, spec), this.answerWithinMs()) });
    return true;
  };

  /**
   * A route sync of the frame at `key`: whether it answers the move that frame awaits (by the move's id, or
   * any route sync without one: the app's router said where it is). One naming another move is stale.
   */
  readonly answered = (key: string, navigation?: string): boolean => {
    const entry = this.entries().find((candidate) => candidate.key === key);
    const move = entry && this.moving.get(entry.id);
    if (!entry || !move || (navigation !== undefined && navigation !== move.navigation)) return false;
    clearTimeout(move.timer);
    this.moving.delete(entry.id);
    return true;
  };

  /** No answer in time: a new document at the address. A hidden frame may only not have drawn: its app is asked again. */
  private unanswered(id: number, spec: FrameSpec): void {
    this.moving.delete(id);
    const entry = this.entries().find((candidate) => candidate.id === id);
    if (!entry) return;
    if (id === this.shownId()) this.silent.add(entry.app);
    const name = frameWindowName(spec.settings);
    this.pool.retry(entry.key, { src: spec.src, name, sentSettings: name });
  }
}
