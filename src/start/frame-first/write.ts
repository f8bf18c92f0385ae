import { frameBox, type FrameBox, type FrameFirstFrame, type FrameFirstRecord } from './rules.ts';
import { recordOf, recordShownFrame } from './record.ts';
import type { FramePool, FrameSpec } from '../../frames/pool-store.ts';
import { whenIdle } from '../../ui/idle.ts';
import { FRAME_ALLOW, frameWindowName } from '../../frames/settings.ts';
import type { UpgradeWindow } from '../../maintenance/windows.ts';
import type { ShellPicture } from '../picture/shape.ts';
import { samePlainData } from '../../storage/plain-data.ts';
import { takeShellPicture, takeShellPictureInSlices } from '../picture/take.ts';

/** Writing the frame-first record (writer.ts loads this once the shell is idle). */

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
  /** The frames' states (is the one shown still loading?), read and followed. */
  frames: Pick<FramePool, 'getSnapshot' | 'subscribe'>;
  /**
   * Names what the shell's pictures show now (its menu and names): a kept picture of anything else is
   * dropped. Named when a record is written: it runs over every menu path, work the first render need not do.
   */
  drawnFor(): string;
}

/**
 * When the record is written: at the shell's idle moment, after a start or a move, or as the page is
 * left. Taking a picture reads the whole drawn shell (a forced style and layout of every element):
 * at an idle moment the route's kept picture is reused when it shows the same, as on every repeat
 * start of the same route; leaving takes the shell as it is then.
 */
export type WriteMoment = 'idle' | 'leaving';

/** The record's entry for the frame the shell creates for `spec` at `path` (rules.ts). */
export function frameFirstFrame(path: string, spec: FrameSpec, closing: readonly UpgradeWindow[], box: FrameBox, picture: ShellPicture | null): FrameFirstFrame {
  return {
    path,
    key: spec.key,
    src: spec.src,
    name: frameWindowName(spec.settings),
    title: spec.title,
    allow: FRAME_ALLOW,
    closed: closing.map((window): [number, number] => [window.start, window.end]),
    box,
    picture,
  };
}

/** The shell's drawn layout and its content area (the start frame is drawn by the boot step itself). */
function shellParts(): { layout: Element; content: Element | null } | null {
  const layout = document.querySelector('.shell-layout');
  return layout ? { layout, content: document.querySelector('.shell-content') } : null;
}

/** The shell as drawn now, around the content area. */
function pictureOfShell(drawnFor: string): ShellPicture | null {
  const parts = shellParts();
  return parts ? takeShellPicture(parts.layout, parts.content, drawnFor) : null;
}

/** The same, in slices that give the main thread back (an idle moment's picture); null if `signal` aborts it. */
function pictureOfShellInSlices(drawnFor: string, signal: AbortSignal): Promise<ShellPicture | null> {
  const parts = shellParts();
  return parts ? takeShellPictureInSlices(parts.layout, parts.content, drawnFor, signal) : Promise.resolve(null);
}

/**
 * The box of the route shown and, at an idle moment, its kept picture when it shows the same menu, names,
 * viewport and box (`keep`; otherwise a new one is taken). Null when there is nothing to record.
 */
function shownRoute(input: FrameFirstRecordInput, keptFrames: readonly FrameFirstFrame[], moment: WriteMoment, drawnFor: () => string): { box: FrameBox; keep?: ShellPicture } | null {
  const { path, active: shown, element } = input;
  const rect = shown ? element(shown.key)?.getBoundingClientRect() : undefined;
  const kept = keptFrames.find((frame) => frame.path === path);
  const box = rect && rect.width > 0 && rect.height > 0 ? frameBox(rect, innerWidth, innerHeight) : (kept?.box ?? null);
  if (!shown || !box) return null;
  const keptPicture = kept?.picture;
  const reusable =
    moment === 'idle' && keptPicture && keptPicture.drawnFor === drawnFor() && keptPicture.width === innerWidth && keptPicture.height === innerHeight && samePlainData(kept.box, box);
  return reusable ? { box, keep: keptPicture } : { box };
}

/**
 * Records the route shown now, with its box and the shell's picture, and re-derives the kept ones.
 * `record`: the record as the caller has just read it (by default it is read here).
 */
export function writeFrameFirstRecord(
  input: FrameFirstRecordInput,
  moment: WriteMoment,
  picture: (drawnFor: string) => ShellPicture | null = pictureOfShell,
  record?: FrameFirstRecord | null,
): void {
  const { sub, path, active: shown, frameAt: rederive, closing } = input;
  // Named once, and only when there is a record of this user to write.
  let named: string | undefined;
  const drawnFor = () => (named ??= input.drawnFor());
  recordShownFrame(
    sub,
    (keptFrames) => {
      const route = shownRoute(input, keptFrames, moment, drawnFor);
      return route && shown ? frameFirstFrame(path, shown, closing(path), route.box, route.keep ?? picture(drawnFor())) : null;
    },
    (kept) => {
      const spec = rederive(kept.path);
      // A kept route's picture shows the menu and names of its time: it goes when they change.
      return spec ? frameFirstFrame(kept.path, spec, closing(kept.path), kept.box, kept.picture?.drawnFor === drawnFor() ? kept.picture : null) : null;
    },
    record,
  );
}

/**
 * The idle moment's write. When the route shown needs a new picture (the first time it is shown, or the
 * menu, names, viewport or box changed), the picture is taken first, in slices that give the main thread
 * back, then the record is written at once with it; nothing is written when `signal` aborts meanwhile
 * (the shell moved on). A kept picture is kept without any slice, as on every repeat start of a route.
 */
export async function writeFrameFirstRecordWhenIdle(
  input: FrameFirstRecordInput,
  signal: AbortSignal,
  pictureInSlices: (drawnFor: string, signal: AbortSignal) => Promise<ShellPicture | null> = pictureOfShellInSlices,
): Promise<void> {
  let named: string | undefined;
  const drawnFor = () => (named ??= input.drawnFor());
  const once: FrameFirstRecordInput = { ...input, drawnFor };
  const record = recordOf(input.sub);
  const route = record && shownRoute(once, record.frames, 'idle', drawnFor);
  if (!route || route.keep) {
    writeFrameFirstRecord(once, 'idle', pictureOfShell, record);
    return;
  }
  // A new picture waits for the frame shown to load, then for an idle moment: its slices must not
  // compete with that page's loading on the same main thread (after a menu tap, taken at once they
  // delayed the new frame's page by their length).
  if (input.active) await shownFrameLoaded(input.frames, input.active.key, signal);
  if (signal.aborted) return;
  await new Promise<void>((resolve) => whenIdle(resolve));
  if (signal.aborted) return;
  const taken = await pictureInSlices(drawnFor(), signal);
  if (signal.aborted) return;
  // Should the record have changed meanwhile (another tab), the write decides again; it keeps this picture.
  writeFrameFirstRecord(once, 'idle', () => taken);
}

/** Resolves once the frame of `key` is not loading (at once when it is not), or when `signal` aborts. */
export function shownFrameLoaded(frames: FrameFirstRecordInput['frames'], key: string, signal: AbortSignal): Promise<void> {
  const loading = () => frames.getSnapshot().entries.some((entry) => entry.key === key && entry.status === 'loading');
  return new Promise((resolve) => {
    if (!loading() || signal.aborted) return resolve();
    const done = () => {
      stop();
      signal.removeEventListener('abort', done);
      resolve();
    };
    const stop = frames.subscribe(() => !loading() && done());
    signal.addEventListener('abort', done);
  });
}
