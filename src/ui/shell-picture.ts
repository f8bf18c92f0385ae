/**
 * A picture of the shell's own frame (sidebar, header, page bar) as it was drawn: its coloured boxes
 * and its lines of text, where they sat. The boot step of a frame-first start draws it before the
 * framework runs (src/frame-first.ts), so the first paint is the real layout instead of a spinner;
 * the shell removes it in the same frame it draws itself, so nothing moves. Read back from storage,
 * it is validated like any stored value, and drawn with text and styles only (never as HTML).
 */

export interface PictureBox {
  left: number;
  top: number;
  width: number;
  height: number;
  background?: string;
  radius?: string;
  text?: string;
  font?: string;
  color?: string;
  /** An image's address (the brand's logo, the user's picture). */
  image?: string;
}

export interface ShellPicture {
  /** What it shows, as its taker names it (a picture of another menu is not drawn again). */
  drawnFor: string;
  /** The viewport it was taken in: drawn only in one of the same size. */
  width: number;
  height: number;
  background: string;
  boxes: PictureBox[];
}

/** Enough for the sidebar's menu and the header; a picture stays a few KB. */
export const MAX_PICTURE_BOXES = 300;
export const MAX_TEXT = 200;
const PICTURE_CLASS = 'shell-picture';

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isShortText = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_TEXT;
const isOptionalText = (value: unknown) => value === undefined || isShortText(value);

function isPictureBox(value: unknown): value is PictureBox {
  if (typeof value !== 'object' || value === null) return false;
  const box = value as Record<string, unknown>;
  return (
    (['left', 'top', 'width', 'height'] as const).every((edge) => isNumber(box[edge])) &&
    (['background', 'radius', 'text', 'font', 'color'] as const).every((field) => isOptionalText(box[field])) &&
    (box.image === undefined || isImageAddress(box.image))
  );
}

export function isShellPicture(value: unknown): value is ShellPicture {
  if (typeof value !== 'object' || value === null) return false;
  const picture = value as Record<string, unknown>;
  return (
    isShortText(picture.drawnFor) &&
    isNumber(picture.width) &&
    isNumber(picture.height) &&
    isShortText(picture.background) &&
    Array.isArray(picture.boxes) &&
    picture.boxes.length <= MAX_PICTURE_BOXES &&
    picture.boxes.every(isPictureBox)
  );
}

/** Images only from this site, the web or inline: never a script address. */
export const isImageAddress = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2048 && (/^https?:\/\//.test(value) || /^\/(?!\/)/.test(value) || value.startsWith('data:image/'));

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
