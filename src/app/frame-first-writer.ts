import { useEffect, useLayoutEffect, useRef } from 'react';
import { frameBox, type FrameBox, type FrameFirstFrame } from '../frames/frame-first.ts';
import { keptFrameBox, recordShownFrame } from '../frames/frame-first-record.ts';
import type { FrameSpec } from '../frames/pool-store.ts';
import { frameAllowList, frameWindowName } from '../frames/settings.ts';
import type { UpgradeWindow } from '../maintenance/windows.ts';
import { whenIdle } from '../ui/idle.ts';
import type { ShellPicture } from '../ui/shell-picture.ts';

/** The record's entry for the frame the shell creates for `spec` at `path` (frames/frame-first.ts). */
export function frameFirstFrame(path: string, spec: FrameSpec, closing: readonly UpgradeWindow[], box: FrameBox, picture: ShellPicture | null): FrameFirstFrame {
  return {
    path,
    key: spec.key,
    src: spec.src,
    name: frameWindowName(spec.settings),
    title: spec.title,
    allow: frameAllowList(spec.app),
    closed: closing.map((window): [number, number] => [window.start, window.end]),
    box,
    picture,
  };
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
  /** The picture of the shell around the frame shown, as it is drawn now. */
  picture(): ShellPicture | null;
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
      const { sub, path, active: shown, frameAt: rederive, closing, element, picture, drawnFor } = latest.current;
      const rect = shown ? element(shown.key)?.getBoundingClientRect() : undefined;
      const box = rect && rect.width > 0 && rect.height > 0 ? frameBox(rect, innerWidth, innerHeight) : keptFrameBox(path);
      recordShownFrame(sub, shown && box ? frameFirstFrame(path, shown, closing(path), box, picture()) : null, (kept) => {
        const spec = rederive(kept.path);
        // A kept route's picture shows the menu and names of its time: it goes when they change.
        return spec ? frameFirstFrame(kept.path, spec, closing(kept.path), kept.box, kept.picture?.drawnFor === drawnFor ? kept.picture : null) : null;
      });
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
