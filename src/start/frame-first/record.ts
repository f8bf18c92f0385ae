import { readStored, storedText, writeStored } from '../../storage/local.ts';
import { isFrameFirstRecord, STORED_FOR_FRAME_FIRST, withShownFrame, type FrameFirstFrame, type FrameFirstRecord, type StoredValues } from './rules.ts';

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
 * the record starts afresh: then the route shown now is not in it yet.
 */
export function stampFrameFirst(stamp: SnapshotStamp): boolean {
  const previous = readRecord();
  const kept = previous !== null && previous.sub === stamp.sub && previous.version === stamp.version;
  writeStored('frameFirst', { ...stamp, stored: storedNow(), frames: kept ? previous.frames : [] } satisfies FrameFirstRecord);
  return !kept;
}

/**
 * The shell shows `shown` (null: no frame) for `sub`: it becomes the most recent route, and every
 * other kept route is re-derived with `rederive` under what the shell allows now. Nothing is written
 * without a record of this user's snapshot.
 */
export function recordShownFrame(sub: string, shown: FrameFirstFrame | null, rederive: (kept: FrameFirstFrame) => FrameFirstFrame | null): void {
  const previous = readRecord();
  if (!previous || previous.sub !== sub) return;
  writeStored('frameFirst', { ...previous, stored: storedNow(), frames: withShownFrame(previous.frames, shown, rederive) } satisfies FrameFirstRecord);
}

/** A kept route's box, for a frame shown again before it has a box of its own. */
export function keptFrameBox(path: string): FrameFirstFrame['box'] | null {
  return readRecord()?.frames.find((frame) => frame.path === path)?.box ?? null;
}
