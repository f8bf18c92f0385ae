import { frameBox, type FrameBox, type FrameFirstFrame } from './rules.ts';
import { recordShownFrame } from './record.ts';
import type { FrameSpec } from '../../frames/pool-store.ts';
import { frameAllowList, frameWindowName } from '../../frames/settings.ts';
import type { UpgradeWindow } from '../../maintenance/windows.ts';
import type { ShellPicture } from '../picture/shape.ts';
import { samePlainData } from '../../storage/plain-data.ts';
import { takeShellPicture } from '../picture/take.ts';

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
    allow: frameAllowList(spec.app),
    closed: closing.map((window): [number, number] => [window.start, window.end]),
    box,
    picture,
  };
}

/** The shell as drawn now, around the content area (the start frame is drawn by the boot step itself). */
function pictureOfShell(drawnFor: string): ShellPicture | null {
  const layout = document.querySelector('.shell-layout');
  return layout ? takeShellPicture(layout, document.querySelector('.shell-content'), drawnFor) : null;
}

/** Records the route shown now, with its box and the shell's picture, and re-derives the kept ones. */
export function writeFrameFirstRecord(input: FrameFirstRecordInput, moment: WriteMoment, picture: (drawnFor: string) => ShellPicture | null = pictureOfShell): void {
  const { sub, path, active: shown, frameAt: rederive, closing, element } = input;
  // Named once, and only when there is a record of this user to write.
  let named: string | undefined;
  const drawnFor = () => (named ??= input.drawnFor());
  recordShownFrame(
    sub,
    (keptFrames) => {
      const rect = shown ? element(shown.key)?.getBoundingClientRect() : undefined;
      const kept = keptFrames.find((frame) => frame.path === path);
      const box = rect && rect.width > 0 && rect.height > 0 ? frameBox(rect, innerWidth, innerHeight) : (kept?.box ?? null);
      if (!shown || !box) return null;
      const keptPicture = kept?.picture;
      const reusable =
        moment === 'idle' && keptPicture && keptPicture.drawnFor === drawnFor() && keptPicture.width === innerWidth && keptPicture.height === innerHeight && samePlainData(kept.box, box);
      return frameFirstFrame(path, shown, closing(path), box, reusable ? keptPicture : picture(drawnFor()));
    },
    (kept) => {
      const spec = rederive(kept.path);
      // A kept route's picture shows the menu and names of its time: it goes when they change.
      return spec ? frameFirstFrame(kept.path, spec, closing(kept.path), kept.box, kept.picture?.drawnFor === drawnFor() ? kept.picture : null) : null;
    },
  );
}
