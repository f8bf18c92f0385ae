import { readStored, storedText, writeStored } from '../../storage/local.ts';
import { isFrameFirstRecord, STORED_FOR_FRAME_FIRST, storedSignIn, withShownFrame, type FrameFirstFrame, type FrameFirstRecord, type StoredValues } from './rules.ts';

/**
 * The shell's side of the frame-first record (rules.ts): written with the start snapshot,
 * then kept in step with the routes the shell shows and with what they allow. A record that is not
 * valid is discarded and reported where it is read (storage/local.ts).
 */

/** Who and what a snapshot was saved for, as its frame-first record names it. */
export interface SnapshotStamp {
  sub: string;
  version: string;
  savedAt: number;
  maxAgeMs: number;
  userEntry: string;
}

const readRecord = (): FrameFirstRecord | null => readStored('frameFirst', isFrameFirstRecord) ?? null;

const storedNow = (): StoredValues => Object.fromEntries(STORED_FOR_FRAME_FIRST.map((name) => [name, storedText(name)]));

/**
 * The snapshot was saved: the record takes its stamp. Its routes stay when it is the same user's
 * and release's (the shell re-derives them when it draws); anyone else's are dropped. Returns whether
 * the record starts afresh: then the route shown now is not in it yet. Nothing is written unless the
 * stamp's person is the one signed in.
 */
export function stampFrameFirst(stamp: SnapshotStamp): boolean {
  // The person left (logout, End shift, another person signed in) while their snapshot was being saved,
  // perhaps in another tab: the device keeps no record of them.
  if (storedSignIn(storedText(stamp.userEntry))?.sub !== stamp.sub) return false;
  const previous = readRecord();
  const kept = previous !== null && previous.sub === stamp.sub && previous.version === stamp.version;
  writeStored('frameFirst', { ...stamp, stored: storedNow(), frames: kept ? previous.frames : [] } satisfies FrameFirstRecord);
  return !kept;
}

/** The record of `sub`'s snapshot, read and checked; null without one. */
export function recordOf(sub: string): FrameFirstRecord | null {
  const record = readRecord();
  return record && record.sub === sub ? record : null;
}

/**
 * The shell shows the route `shown` names (null: no frame) for `sub`, given the routes the record
 * keeps (its box and picture may be kept): it becomes the most recent route, and every other kept
 * route is re-derived with `rederive` under what the shell allows now. Nothing is written, and
 * `shown` is not asked, without a record of this user's snapshot.
 */
export function recordShownFrame(
  sub: string,
  shown: (kept: readonly FrameFirstFrame[]) => FrameFirstFrame | null,
  rederive: (kept: FrameFirstFrame) => FrameFirstFrame | null,
  // The record as just read by the caller, so that one write reads it once.
  previous: FrameFirstRecord | null = readRecord(),
): void {
  if (!previous || previous.sub !== sub) return;
  writeStored('frameFirst', { ...previous, stored: storedNow(), frames: withShownFrame(previous.frames, shown(previous.frames), rederive) } satisfies FrameFirstRecord);
}
