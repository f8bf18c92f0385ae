import { useEffect, useLayoutEffect, useRef } from 'react';
import type { FrameSpec } from '../frames/pool-store.ts';
import type { UpgradeWindow } from '../maintenance/windows.ts';
import { whenIdle } from '../ui/idle.ts';
import type * as Writer from './frame-first-write.ts';

let writer: typeof Writer | null = null;
/** The writing chunk; null (and reported in the console) when it cannot be loaded: the record waits for the next try. */
async function loadWriter(): Promise<typeof Writer | null> {
  try {
    writer ??= await import('./frame-first-write.ts');
  } catch (error) {
    console.warn('[frame-first] the record could not be written', error);
  }
  return writer;
}

export interface FrameFirstRecordInput {
  /** Online only: an offline shell draws other settings and a reduced menu. */
  enabled: boolean;
  sub: string;
  /** The address shown (pathname and query) and its frame, if any. */
  path: string;
  active: FrameSpec | null;
  /** The frame the shell would create at another address now (the same derivation as `active`). */
  frameAt(path: string): FrameSpec | null;
  /** The upgrade windows that would send this user away from `path`. */
  closing(path: string): readonly UpgradeWindow[];
  /** The element of the frame shown, once it is laid out. */
  element(key: string): HTMLIFrameElement | null;
  /** What the shell's pictures show now (its menu and names): a kept picture of anything else is dropped. */
  drawnFor: string;
}

/**
 * Keeps the frame-first record in step with the ready shell: once the browser is idle after a
 * route or what it allows changed, and when the page is left (its last layout).
 */
export function useFrameFirstRecord(input: FrameFirstRecordInput): void {
  const latest = useRef(input);
  useLayoutEffect(() => {
    latest.current = input;
  });
  const { enabled, active, frameAt, drawnFor } = input;
  useEffect(() => {
    if (!enabled) return;
    const write = () => {
      // The writing (and the picture it takes) is its own chunk: loaded at the first idle moment, so
      // by the time the page is left it is there to write synchronously.
      if (writer) writer.writeFrameFirstRecord(latest.current);
      else void loadWriter().then((loaded) => loaded?.writeFrameFirstRecord(latest.current));
    };
    const cancel = whenIdle(write);
    addEventListener('pagehide', write);
    return () => {
      cancel();
      removeEventListener('pagehide', write);
    };
  }, [enabled, active, frameAt, drawnFor]);
}

/** A short name for what a picture shows (FNV-1a over its parts): equal parts, equal name. */
export function pictureSignature(parts: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
