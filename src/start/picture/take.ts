import { nextTask } from '../../ui/idle.ts';
import { isImageAddress, MAX_PICTURE_BOXES, MAX_TEXT, type PictureBox, type ShellPicture } from './shape.ts';

/** Taking the picture (shell-picture.ts) reads the whole drawn shell: loaded only when the shell records one. */

const TRANSPARENT = new Set(['transparent', 'rgba(0, 0, 0, 0)']);
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Takes the picture of `root` (open shadow roots included, where Ionic draws its backgrounds),
 * leaving out `leaveOut` (the content area: the start frame is drawn by the boot step itself), at once:
 * for a page being left.
 */
export function takeShellPicture(root: Element, leaveOut: Element | null, drawnFor: string, win: Window = window): ShellPicture {
  const walk = pictureWalk(root, leaveOut, drawnFor, win);
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
  }
}

/** How long a slice of the picture's walk may run before it gives the main thread back. */
export const PICTURE_SLICE_MS = 10;

/**
 * The same picture taken in slices of at most about PICTURE_SLICE_MS, each in a task of its own
 * (`giveBack` before each): read at once it was a task of 40–100 ms on a handheld (CPU 4×), after the
 * first start of each route. Null when `signal` is aborted meanwhile (the shell moved on: the rest of
 * the walk would read another shell).
 */
export async function takeShellPictureInSlices(
  root: Element,
  leaveOut: Element | null,
  drawnFor: string,
  signal: AbortSignal,
  { win = window, giveBack = nextTask, now = () => performance.now() }: { win?: Window; giveBack?: () => Promise<void>; now?: () => number } = {},
): Promise<ShellPicture | null> {
  // The walk starts in a task of its own: the idle moment that asked for it has done other work.
  await giveBack();
  if (signal.aborted) return null;
  const walk = pictureWalk(root, leaveOut, drawnFor, win);
  let sliceStart = now();
  for (;;) {
    const step = walk.next();
    if (step.done) return step.value;
    if (now() - sliceStart < PICTURE_SLICE_MS) continue;
    await giveBack();
    if (signal.aborted) return null;
    sliceStart = now();
  }
}

/** The walk over the shell's elements that makes the picture, one step per element. */
function* pictureWalk(root: Element, leaveOut: Element | null, drawnFor: string, win: Window): Generator<void, ShellPicture> {
  const boxes: PictureBox[] = [];
  const { innerWidth: width, innerHeight: height } = win;
  const visible = (rect: DOMRect) => rect.width > 0 && rect.height > 0 && rect.right > 0 && rect.bottom > 0 && rect.left < width && rect.top < height;
  const place = (rect: DOMRect) => ({ left: round(rect.left), top: round(rect.top), width: round(rect.width), height: round(rect.height) });
  function* visit(node: Element): Generator<void> {
    if (boxes.length >= MAX_PICTURE_BOXES || node === leaveOut) return;
    yield;
    const style = win.getComputedStyle(node);
    if (style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 0) return;
    const rect = node.getBoundingClientRect();
    // Icons are masks over their colour: drawn as boxes they would be squares, so they are left out.
    if (style.maskImage !== 'none' && style.maskImage !== '') return;
    if (visible(rect) && node instanceof HTMLImageElement && isImageAddress(node.currentSrc || node.src)) {
      boxes.push({ ...place(rect), image: node.currentSrc || node.src, radius: style.borderRadius === '0px' ? undefined : style.borderRadius });
      return;
    }
    if (visible(rect) && !TRANSPARENT.has(style.backgroundColor)) {
      boxes.push({ ...place(rect), background: style.backgroundColor, radius: style.borderRadius === '0px' ? undefined : style.borderRadius });
    }
    // The lines between the parts (the sidebar's edge, under the header): each border side as a thin box.
    if (visible(rect) && style.borderRadius === '0px') {
      for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
        const width = parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`));
        const color = style.getPropertyValue(`border-${side.toLowerCase()}-color`);
        if (!(width > 0) || TRANSPARENT.has(color) || style.getPropertyValue(`border-${side.toLowerCase()}-style`) === 'none') continue;
        const across = side === 'Top' || side === 'Bottom';
        boxes.push({
          left: round(side === 'Right' ? rect.right - width : rect.left),
          top: round(side === 'Bottom' ? rect.bottom - width : rect.top),
          width: round(across ? rect.width : width),
          height: round(across ? width : rect.height),
          background: color,
        });
      }
    }
    for (const child of node.shadowRoot ? [...node.shadowRoot.children] : []) yield* visit(child);
    for (const child of [...node.childNodes]) {
      if (child.nodeType === 1) yield* visit(child as Element);
      else if (child.nodeType === 3 && child.textContent?.trim()) {
        const range = node.ownerDocument.createRange();
        range.selectNodeContents(child);
        const textRect = range.getBoundingClientRect();
        if (visible(textRect) && boxes.length < MAX_PICTURE_BOXES) {
          boxes.push({ ...place(textRect), text: child.textContent.trim().slice(0, MAX_TEXT), font: style.font.slice(0, MAX_TEXT), color: style.color });
        }
      }
    }
  }
  yield* visit(root);
  const background = win.getComputedStyle(root.ownerDocument.body).backgroundColor;
  return { drawnFor, width, height, background: TRANSPARENT.has(background) ? '#fff' : background, boxes };
}

