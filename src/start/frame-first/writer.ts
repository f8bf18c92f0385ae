import { useEffect, useLayoutEffect, useRef } from 'react';
import { whenIdle } from '../../ui/idle.ts';
import type { SnapshotStamp } from './record.ts';
import type * as Writer from './write.ts';

let writer: typeof Writer | null = null;
/** The writing chunk; null (and reported in the console) when it cannot be loaded: the record waits for the next try. */
async function loadWriter(): Promise<typeof Writer | null> {
  try {
    writer ??= await import('./write.ts');
  } catch (error) {
    console.warn('[frame-first] the record could not be written', error);
  }
  return writer;
}

/** Shells to tell when a record starts afresh (stampFrameFirstLater). */
const freshRecordListeners = new Set<() => void>();

/**
 * Keeps the frame-first record in step with the ready shell: once the browser is idle after a
 * route or what it allows changed, after a record started afresh (a first start's idle moment may
 * come before its snapshot's stamp, and the record takes no route before it), and when the page is
 * left (its last layout).
 */
export function useFrameFirstRecord(input: Writer.FrameFirstRecordInput): void {
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  const { enabled, active, frameAt, drawnFor } = input;
  useEffect(() => {
    if (!enabled) return;
    // Ends an idle write still taking its picture: the shell it reads is no longer this one.
    const moved = new AbortController();
    const write = (moment: Writer.WriteMoment) => {
      const run = (loaded: typeof Writer) =>
        moment === 'idle'
          ? void loaded.writeFrameFirstRecordWhenIdle(latest.current, moved.signal).catch((error: unknown) => console.warn('[frame-first] the record could not be written', error))
          : loaded.writeFrameFirstRecord(latest.current, moment);
      // The writing (and the picture it takes) is its own chunk: loaded at the first idle moment, so
      // by the time the page is left it is there to write synchronously.
      if (writer) run(writer);
      else void loadWriter().then((loaded) => loaded && !moved.signal.aborted && run(loaded));
    };
    const writeWhenIdle = () => whenIdle(() => write('idle'));
    const writeLeaving = () => write('leaving');
    let cancel = writeWhenIdle();
    const afterFreshRecord = () => {
      cancel();
      cancel = writeWhenIdle();
    };
    freshRecordListeners.add(afterFreshRecord);
    addEventListener('pagehide', writeLeaving);
    return () => {
      cancel();
      moved.abort();
      freshRecordListeners.delete(afterFreshRecord);
      removeEventListener('pagehide', writeLeaving);
    };
  }, [enabled, active, frameAt, drawnFor]);
}

/**
 * A short name for what a picture shows (FNV-1a over its parts' UTF-16 code units): equal parts,
 * equal name. It runs over every menu path, at a write's idle moment and before the code is
 * optimised: an index loop, as a string iterator over the joined parts cost about 30 ms of a
 * handheld's start.
 */
export function pictureSignature(parts: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    for (let index = 0; index < part.length; index++) {
      hash ^= part.charCodeAt(index);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    // A separator, so that ['a', 'bc'] and ['ab', 'c'] differ.
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * Stamps the record with the snapshot just saved: the next start may request its frame before the
 * framework runs, from this snapshot only. The stamping is its own chunk, loaded behind the drawn shell.
 */
export async function stampFrameFirstLater(stamp: SnapshotStamp): Promise<void> {
  await import('./record.ts')
    .then((record) => {
      if (record.stampFrameFirst(stamp)) for (const listener of freshRecordListeners) listener();
    })
    .catch((error: unknown) => console.warn('[frame-first] the record could not be stamped', error));
}
