/**
 * The one layout breakpoint (shell.md §9: tablet width 768): the sidebar is a drawer below it, choosers
 * are bottom sheets below it, and fewer frames are kept alive below it. theme/shell.css repeats the
 * number in its media queries (CSS cannot import it).
 */
export const TABLET_WIDTH = 768;
export const SPLIT_LAYOUT_QUERY = `(min-width: ${TABLET_WIDTH}px)`;
