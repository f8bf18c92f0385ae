/**
 * A frame created before the pool existed (the start's boot step creates one, src/start/frame-first/),
 * taken into the frame host without reloading its page.
 */

/** Element.moveBefore: moves a node, iframes included, without unloading it (Chromium 133+). */
type MovableParent = Element & { moveBefore(node: Node, child: Node | null): void };
const canMoveInto = (parent: Element): parent is MovableParent => typeof (parent as Partial<MovableParent>).moveBefore === 'function';
export const canMoveFrames = (doc: Document = document): boolean => canMoveInto(doc.documentElement);

/**
 * Moves an adopted frame into the frame host's slot, keeping its document. The element that held it
 * until then existed only for it (the boot step's holder), so it goes once left empty.
 */
export function placeFrame(slot: Element, element: HTMLIFrameElement): void {
  if (element.parentElement === slot) return;
  const holder = element.parentElement;
  if (canMoveInto(slot)) slot.moveBefore(element, null);
  else (slot as Element).append(element); // reloads the page; the boot step creates no frame where this would happen
  if (holder && holder !== element.ownerDocument.body && holder.childElementCount === 0) holder.remove();
}

/** What React sets on the frames it creates, set on the adopted one. */
export function showAdoptedFrame(element: HTMLIFrameElement, state: { hidden: boolean; title: string; key: string }): void {
  element.hidden = state.hidden;
  element.title = state.title;
  element.dataset.frameKey = state.key;
}
