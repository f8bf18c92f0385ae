/**
 * The outbox's public entry for the parts of the shell drawn at start (the header's badge, the shared
 * device's lock screen): the count of the signed-in user's writes not yet delivered. Small on purpose —
 * the queue itself (outbox.ts) loads behind the drawn shell.
 */
export { outboxCount, type OutboxCount } from './count.ts';
