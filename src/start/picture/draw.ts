/**
 * A picture of the shell's own frame (sidebar, header, page bar) as it was drawn: its coloured boxes
 * and its lines of text, where they sat. The boot step of a frame-first start draws it before the
 * framework runs (src/frame-first.ts), so the first paint is the real layout instead of a spinner;
 * the shell removes it in the same frame it draws itself, so nothing moves. Read back from storage,
 * it is validated like any stored value, and drawn with text and styles only (never as HTML).
 */

import type { ShellPicture } from './shape.ts';

const PICTURE_CLASS = 'shell-picture';

/** Draws `picture` over the page, unless the viewport is not the size it was taken in. */
export function drawShellPicture(picture: ShellPicture, doc: Document = document): HTMLElement | null {
  const view = doc.defaultView;
  if (!view || Math.abs(view.innerWidth - picture.width) > 1 || Math.abs(view.innerHeight - picture.height) > 1) return null;
  const layer = doc.createElement('div');
  layer.className = PICTURE_CLASS;
  layer.setAttribute('aria-hidden', 'true');
  layer.inert = true;
  layer.style.background = picture.background;
  for (const box of picture.boxes) {
    const piece = doc.createElement('div');
    Object.assign(piece.style, {
      left: `${box.left}px`,
      top: `${box.top}px`,
      width: `${box.width}px`,
      height: `${box.height}px`,
      background: box.background ?? '',
      borderRadius: box.radius ?? '',
      font: box.font ?? '',
      color: box.color ?? '',
      lineHeight: `${box.height}px`,
      // Text as wide as it needs: another rounding must not cut the last letter.
      ...(box.text ? { width: '', overflow: 'visible' } : {}),
    });
    if (box.text) piece.textContent = box.text;
    if (box.image) {
      const image = doc.createElement('img');
      image.src = box.image;
      image.alt = '';
      piece.append(image);
    }
    layer.append(piece);
  }
  doc.body.append(layer);
  return layer;
}

/** The shell has drawn itself (or another page is drawn): the picture goes. */
export function removeShellPicture(doc: Document = document): void {
  doc.querySelector(`.${PICTURE_CLASS}`)?.remove();
}
