import { useEffect, useLayoutEffect, useRef } from 'react';
import { frameBox, type FrameBox, type FrameFirstFrame } from '../frames/frame-first.ts';
import { keptFrameBox, recordShownFrame } from '../frames/frame-first-record.ts';
import type { FrameSpec } from '../frames/pool-store.ts';
import { frameAllowList, frameWindowName } from '../frames/settings.ts';
import type { UpgradeWindow } from '../maintenance/windows.ts';
import { whenIdle } from '../ui/idle.ts';

/** The record's entry for the frame the shell creates for `spec` at `path` (frames/frame-first.ts). */
export function frameFirstFrame(path: string, spec: FrameSpec, closing: readonly UpgradeWindow[], box: FrameBox): FrameFirstFrame {
  return {
    path,
    key: spec.key,
    src: spec.src,
    name: frameWindowName(spec.settings),
    title: spec.title,
    allow: frameAllowList(spec.app),
    closed: closing.map((window): [number, number] => [window.start, window.end]),
    box,
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
  const { enabled, active, frameAt } = input;
  useEffect(() => {
    if (!enabled) return;
    const write = () => {
      const { sub, path, active: shown, frameAt: rederive, closing, element } = latest.current;
      const rect = shown ? element(shown.key)?.getBoundingClientRect() : undefined;
      const box = rect && rect.width > 0 && rect.height > 0 ? frameBox(rect, innerWidth, innerHeight) : keptFrameBox(path);
      recordShownFrame(sub, shown && box ? frameFirstFrame(path, shown, closing(path), box) : null, (kept) => {
        const spec = rederive(kept.path);
        return spec ? frameFirstFrame(kept.path, spec, closing(kept.path), kept.box) : null;
      });
    };
    const cancel = whenIdle(write);
    addEventListener('pagehide', write);
    return () => {
      cancel();
      removeEventListener('pagehide', write);
    };
  }, [enabled, active, frameAt]);
}
