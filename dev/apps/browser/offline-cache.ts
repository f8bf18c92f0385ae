/** Cache shared by an offline-capable sample app's page (first visit) and its service worker (every later fetch); one per origin. */
export const OFFLINE_CACHE = 'sample-offline-pages-v1';
