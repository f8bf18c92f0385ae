/**
 * The `@staff-portal/frame-client/outbox` entry: the shell's outbox for an app's frame client, and the
 * outbox's part of the protocol (outbox.ts). Writes are stored on the device at once and delivered exactly
 * once (README "Offline: the outbox").
 */
import { oncePerClient } from './handshake.ts';
import { openOutbox } from './outbox.ts';

export * from './outbox.ts';

/** `createOutbox(client)`: the outbox of this client, one per client (one watch request per page). */
export const createOutbox = /* @__PURE__ */ oncePerClient(openOutbox);
