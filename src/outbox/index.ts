import type { PageOutbox, PageOutboxDeps } from './page.ts';

/**
 * The outbox's public entry (scripts/layers.js). Small on purpose, since the header's badge and the
 * shared device's lock screen are drawn at start: the count of the signed-in user's writes not yet
 * delivered, and the loader of the page's outbox, a chunk of its own that loads behind the drawn shell.
 */
export { outboxCount, type OutboxCount } from './count.ts';
export type { LogoutAsker, LogoutChoice } from './logout.ts';
export type { OutboxRequest, PostReply, RequestingFrame } from './frames.ts';
export type { StoredEntry, UnreadableEntry } from './schema.ts';
export type { Outbox, OutboxChange, Writer } from './outbox.ts';
export type { PageOutbox, PageOutboxDeps };

export function loadPageOutbox(deps: PageOutboxDeps): Promise<PageOutbox> {
  return import('./page.ts').then((module) => module.createPageOutbox(deps));
}
