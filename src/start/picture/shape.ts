/**
 * What a picture of the shell is (draw.ts draws it), and how one read back from storage is
 * checked: apart from drawing and removing it, so that the shell, which only removes it at start,
 * does not carry the checks that only the frame-first record's code needs.
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
