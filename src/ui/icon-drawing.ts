/**
 * An ionicons icon — its SVG as `ionicons/icons` exports it (a data URL) or as its SVG file's text —
 * as the shapes to draw inline (ui/Icon.tsx). Inline SVG is part of the page, where an SVG image (a
 * CSS mask, an <img>) is a document of its own that the browser builds for every distinct icon: on a
 * phone's CPU about 40 ms each, over a second for a menu's icons. Only the shapes and attributes
 * ionicons uses are kept, as React props: nothing else of the string reaches the page.
 */

export type IconShape = 'path' | 'circle' | 'rect' | 'ellipse';

export interface IconDrawing {
  viewBox: string;
  shapes: { tag: IconShape; attributes: Record<string, string> }[];
}

const SHAPES = new Set<string>(['path', 'circle', 'rect', 'ellipse']);

/** SVG attribute → React prop, for every attribute an ionicons shape carries. */
const ATTRIBUTES: Record<string, string> = {
  d: 'd',
  cx: 'cx',
  cy: 'cy',
  r: 'r',
  rx: 'rx',
  ry: 'ry',
  x: 'x',
  y: 'y',
  width: 'width',
  height: 'height',
  transform: 'transform',
  fill: 'fill',
  stroke: 'stroke',
  'fill-rule': 'fillRule',
  'clip-rule': 'clipRule',
  'stroke-linecap': 'strokeLinecap',
  'stroke-linejoin': 'strokeLinejoin',
  'stroke-miterlimit': 'strokeMiterlimit',
  'stroke-width': 'strokeWidth',
  // ionicons' own classes (ionicon-fill-none, ionicon-stroke-width), styled by theme/shell.css.
  class: 'className',
};

const ATTRIBUTE = /([\w:-]+)=(?:'([^']*)'|"([^"]*)")/g;
const drawings = new Map<string, IconDrawing | null>();

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name = '', single, double] of text.matchAll(ATTRIBUTE)) {
    const prop = ATTRIBUTES[name];
    if (prop) attributes[prop] = single ?? double ?? '';
  }
  return attributes;
}

/** The icon's drawing, or null for anything that is not an SVG with a view box. */
export function iconDrawing(icon: string): IconDrawing | null {
  let drawing = drawings.get(icon);
  if (drawing === undefined) {
    const root = /<svg\b([^>]*)>/.exec(icon);
    const viewBox = root && /viewBox=(?:'([^']*)'|"([^"]*)")/.exec(root[1] ?? '');
    drawing = viewBox
      ? {
          viewBox: viewBox[1] ?? viewBox[2] ?? '',
          shapes: [...icon.matchAll(/<(\w+)\b([^>]*?)\/?>/g)]
            .filter(([, tag = '']) => SHAPES.has(tag))
            .map(([, tag, attributes = '']) => ({ tag: tag as IconShape, attributes: attributesOf(attributes) })),
        }
      : null;
    drawings.set(icon, drawing);
  }
  return drawing;
}
