import type { FrameAdoption } from '../../frames/useFrames.ts';
import type { FrameFirstFrame } from './rules.ts';
import { FRAME_SANDBOX } from '../../frames/settings.ts';

/**
 * The frame the boot step created, handed to the shell's frame pool (rules.ts). The boot step
 * and the shell are separate scripts, so the hand-off sits on the window under a registered symbol.
 * Until the pool takes it, the frame's `load` and the messages it posts (ready, route, user-data
 * request: sent as soon as its page runs) are kept, then replayed to the shell's listener.
 */
export interface FrameFirstHandoff {
  key: string;
  src: string;
  name: string;
  element: HTMLIFrameElement;
  loaded: boolean;
  /** Messages from the frame before the shell listened, oldest first. */
  messages: MessageEvent[];
}

interface HandoffSlot {
  handoff: FrameFirstHandoff | null;
  stopKeeping(): void;
}

const SLOT = Symbol.for('staff-portal.frame-first');
type WithSlot = { [SLOT]?: HandoffSlot };

/** The element that holds the frame until the shell adopts it; index.html styles it. */
export const FRAME_FIRST_CLASS = 'frame-first';

/** Boot step: creates the start frame in its box, before the framework runs, and keeps its events. */
export function createFrameFirst(frame: FrameFirstFrame, win: Window = window): FrameFirstHandoff {
  const doc = win.document;
  const holder = doc.createElement('div');
  holder.className = FRAME_FIRST_CLASS;
  const { top, right, bottom, left } = frame.box;
  Object.assign(holder.style, { top: `${top}px`, right: `${right}px`, bottom: `${bottom}px`, left: `${left}px` });
  const element = doc.createElement('iframe');
  // The attributes FrameHost gives a frame, so the adopted one is the same element it would create.
  element.className = 'frame-host__frame';
  element.name = frame.name;
  element.title = frame.title;
  element.setAttribute('sandbox', FRAME_SANDBOX);
  element.allow = frame.allow;
  element.referrerPolicy = 'strict-origin-when-cross-origin';
  element.dataset.frameKey = frame.key;
  element.src = frame.src;
  const handoff: FrameFirstHandoff = { key: frame.key, src: frame.src, name: frame.name, element, loaded: false, messages: [] };
  const onLoad = () => (handoff.loaded = true);
  const onMessage = (event: MessageEvent) => {
    if (event.source !== null && event.source === element.contentWindow) handoff.messages.push(event);
  };
  element.addEventListener('load', onLoad);
  win.addEventListener('message', onMessage);
  holder.append(element);
  doc.body.append(holder);
  (win as WithSlot)[SLOT] = {
    handoff,
    stopKeeping() {
      element.removeEventListener('load', onLoad);
      win.removeEventListener('message', onMessage);
    },
  };
  return handoff;
}

/**
 * The pool's side: the boot step's frame if it is exactly the one the shell would create for this
 * key (address and settings), taken once; any other is removed, so a frame the shell does not draw
 * never stays on the page.
 */
export function claimFrameFirst(spec: { key: string; src: string; name: string }, win: Window = window): FrameFirstHandoff | null {
  const slot = (win as WithSlot)[SLOT];
  const handoff = slot?.handoff;
  if (!slot || !handoff) return null;
  slot.handoff = null;
  slot.stopKeeping();
  if (handoff.key === spec.key && handoff.src === spec.src && handoff.name === spec.name) return handoff;
  handoff.element.parentElement?.remove();
  return null;
}

/** Removes the boot step's frame if the shell has not adopted it (another page is drawn instead). */
export function releaseFrameFirst(win: Window = window): void {
  const slot = (win as WithSlot)[SLOT];
  if (!slot?.handoff) return;
  slot.stopKeeping();
  slot.handoff.element.parentElement?.remove();
  slot.handoff = null;
}

/** The boot step's frame, offered to the shell's frame pool. */
export const FRAME_FIRST_ADOPTION: FrameAdoption = { adopt: claimFrameFirst, release: releaseFrameFirst };
