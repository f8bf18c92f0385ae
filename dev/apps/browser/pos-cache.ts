/** Cache shared by the POS page (first visit) and its service worker (every later fetch). */
export const POS_CACHE = 'sample-pos-pages-v1';
