/**
 * The one layout breakpoint (shell.md §9: tablet width 768): the sidebar is a drawer below it, choosers
 * are bottom sheets below it, and fewer frames are kept alive below it. theme/shell.css repeats the
 * number in its media queries (CSS cannot import it).
 */
export const TABLET_WIDTH = 768;
export const SPLIT_LAYOUT_QUERY = `(min-width: ${TABLET_WIDTH}px)`;

/**
 * A width on the same side of the tablet width as the viewport: all the layout rules ask of it. Read
 * from the media query because on a phone `innerWidth` makes the browser lay out the page first — a
 * whole shell's style and layout inside whatever script asked — and a media query does not.
 */
export function layoutWidth(): number {
  return matchMedia(SPLIT_LAYOUT_QUERY).matches ? TABLET_WIDTH : TABLET_WIDTH - 1;
}
