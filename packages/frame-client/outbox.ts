/**
 * The outbox's part of the frame protocol. An app hands the shell a write (an API call that changes
 * something); the shell stores it on the device before answering and delivers it exactly once (one
 * Idempotency-Key across tries), under the user and seller it was made for, through reloads, closed
 * tabs, new releases and dead networks. Dependency-free, and free of the page's DOM: the portal's
 * service worker reads these types too.
 */
import { isRecord, isRequestId, newRequestId, PROTOCOL } from './protocol.ts';

/** The methods a write may use. */
export const OUTBOX_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type OutboxMethod = (typeof OUTBOX_METHODS)[number];

export const OUTBOX_LIMITS = {
  /** A write's body, in UTF-8 bytes. */
  bodyBytes: 64 * 1024,
  urlLength: 2048,
  contentTypeLength: 100,
  /** Writes of one app not yet delivered (waiting or failed) per user. */
  waitingPerApp: 200,
  /** The part of a delivered write's answer kept for the app. */
  answerBytes: 4 * 1024,
} as const;

/** A write as the shell stores it: no headers but the content type, no credentials (the shell adds the user's). */
export interface OutboxWrite {
  method: OutboxMethod;
  /** An absolute http(s) address under one of the app's configured API base addresses. */
  url: string;
  body: string | null;
  /** Required with a body. */
  contentType: string | null;
}

/** Why the shell refused a request; nothing was stored. */
export type OutboxRefusal =
  /** Not a write: a field is missing or of the wrong type. */
  | 'invalid-write'
  | 'unknown-method'
  | 'body-too-large'
  | 'invalid-content-type'
  /** Not an http(s) address under one of this app's API base addresses (or it carries credentials). */
  | 'url-not-allowed'
  | 'too-many-entries'
  /** The frame is not one the shell trusts with the user's writes (the user-data handshake's origin rule). */
  | 'not-verified'
  | 'signed-out'
  /** The device's database is held by an older tab of the portal; closing other tabs helps. */
  | 'storage-blocked'
  | 'storage-unavailable'
  | 'storage-full'
  /** Discard: no such entry of this app. */
  | 'not-found';

export type OutboxState = 'queued' | 'sending' | 'delivered' | 'failed';

/** Why the last try did not deliver: while queued, what the entry waits out; when failed, why it stopped. */
export type OutboxProblem =
  | 'network'
  | 'timeout'
  /** 5xx */
  | 'unavailable'
  /** 408, 409 (the same key still in progress), 429 */
  | 'busy'
  /** Nobody is signed in as the entry's user here now (or the session could not be renewed). */
  | 'signed-out'
  /** Any other 4xx: final. */
  | 'refused'
  /** 401 again after the session was renewed: final. */
  | 'unauthorized'
  /** The stored record could not be read back: final, kept until discarded. */
  | 'unreadable';

export interface OutboxEntry {
  id: string;
  method: OutboxMethod;
  url: string;
  /** The body as the app sent it. */
  body: string | null;
  state: OutboxState;
  /** When the app handed it over (ms since the epoch). */
  queuedAt: number;
  attempts: number;
  problem: { reason: OutboxProblem; status: number | null; retryAt: number | null } | null;
  /** The server's answer once delivered, its body cut at OUTBOX_LIMITS.answerBytes. */
  answer: { status: number; body: string; truncated: boolean } | null;
}

/** A write as checked by `parseFrameMessage`: the write, or why it is refused. */
export type CheckedWrite = { ok: true; write: OutboxWrite } | { ok: false; reason: OutboxRefusal };

export type OutboxRequest =
  | { protocol: typeof PROTOCOL; type: 'outbox-send'; requestId: string; write: OutboxWrite }
  | { protocol: typeof PROTOCOL; type: 'outbox-list'; requestId: string }
  | { protocol: typeof PROTOCOL; type: 'outbox-discard'; requestId: string; id: string }
  /** From now on, tell this frame every change of its app's entries (outbox-update). */
  | { protocol: typeof PROTOCOL; type: 'outbox-watch' };

export type OutboxReply =
  | { protocol: typeof PROTOCOL; type: 'outbox-stored'; requestId: string; entry: OutboxEntry }
  | { protocol: typeof PROTOCOL; type: 'outbox-refused'; requestId: string; reason: OutboxRefusal }
  | { protocol: typeof PROTOCOL; type: 'outbox-entries'; requestId: string; entries: OutboxEntry[] }
  | { protocol: typeof PROTOCOL; type: 'outbox-discarded'; requestId: string; id: string }
  | { protocol: typeof PROTOCOL; type: 'outbox-update'; entry: OutboxEntry };

/** type/subtype with an optional charset, e.g. `application/json` or `text/plain; charset=utf-8`. */
const CONTENT_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*(\s*;\s*charset=[a-z0-9_-]+)?$/i;

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/**
 * Checks a write an app sent; never throws. The address must be absolute http(s) without credentials;
 * whether the app may use it (its API base addresses) is the shell's to decide.
 */
export function checkOutboxWrite(raw: unknown): CheckedWrite {
  if (!isRecord(raw)) return { ok: false, reason: 'invalid-write' };
  const { method, url, body, contentType } = raw;
  if (typeof method !== 'string' || typeof url !== 'string') return { ok: false, reason: 'invalid-write' };
  if ((body !== null && typeof body !== 'string') || (contentType !== null && typeof contentType !== 'string')) {
    return { ok: false, reason: 'invalid-write' };
  }
  if (!(OUTBOX_METHODS as readonly string[]).includes(method)) return { ok: false, reason: 'unknown-method' };
  const address = url.length <= OUTBOX_LIMITS.urlLength && URL.canParse(url) ? new URL(url) : null;
  if (!address || !/^https?:$/.test(address.protocol) || address.username || address.password) return { ok: false, reason: 'url-not-allowed' };
  if (body !== null && utf8Length(body) > OUTBOX_LIMITS.bodyBytes) return { ok: false, reason: 'body-too-large' };
  if (contentType !== null && (contentType.length > OUTBOX_LIMITS.contentTypeLength || !CONTENT_TYPE.test(contentType))) {
    return { ok: false, reason: 'invalid-content-type' };
  }
  if (body !== null && contentType === null) return { ok: false, reason: 'invalid-content-type' };
  address.hash = '';
  return { ok: true, write: { method: method as OutboxMethod, url: address.href, body, contentType } };
}

/** An outbox request as `parseFrameMessage` hands it to the shell: a write checked. */
export type ParsedOutboxRequest =
  | Exclude<OutboxRequest, { type: 'outbox-send' }>
  | { protocol: typeof PROTOCOL; type: 'outbox-send'; requestId: string; write: CheckedWrite };

export function parseOutboxRequest(data: Record<string, unknown>): ParsedOutboxRequest | null {
  if (data.type === 'outbox-watch') return { protocol: PROTOCOL, type: 'outbox-watch' };
  if (!isRequestId(data.requestId)) return null; // no answer can reach a request without its id
  const requestId = data.requestId;
  switch (data.type) {
    case 'outbox-send':
      return { protocol: PROTOCOL, type: 'outbox-send', requestId, write: checkOutboxWrite(data.write) };
    case 'outbox-list':
      return { protocol: PROTOCOL, type: 'outbox-list', requestId };
    case 'outbox-discard':
      return isRequestId(data.id) ? { protocol: PROTOCOL, type: 'outbox-discard', requestId, id: data.id } : null;
    default:
      return null;
  }
}

const OUTBOX_STATES: readonly string[] = ['queued', 'sending', 'delivered', 'failed'] satisfies OutboxState[];
const isOutboxEntry = (value: unknown): value is OutboxEntry =>
  isRecord(value) && typeof value.id === 'string' && typeof value.url === 'string' && OUTBOX_STATES.includes(value.state as string);

export function parseOutboxReply(data: Record<string, unknown>): OutboxReply | null {
  const reply = data as unknown as OutboxReply;
  switch (data.type) {
    case 'outbox-update':
      return isOutboxEntry(data.entry) ? reply : null;
    case 'outbox-stored':
      return isRequestId(data.requestId) && isOutboxEntry(data.entry) ? reply : null;
    case 'outbox-refused':
      return isRequestId(data.requestId) && typeof data.reason === 'string' ? reply : null;
    case 'outbox-entries':
      return isRequestId(data.requestId) && Array.isArray(data.entries) && data.entries.every(isOutboxEntry) ? reply : null;
    case 'outbox-discarded':
      return isRequestId(data.requestId) && typeof data.id === 'string' ? reply : null;
    default:
      return null;
  }
}

/** A request the shell refused (`reason`), or one it never answered ('no-answer': it may or may not be stored; `list()` tells). */
export class OutboxError extends Error {
  constructor(readonly reason: OutboxRefusal | 'no-answer') {
    super(`The shell's outbox refused the request: ${reason}`);
    this.name = 'OutboxError';
  }
}

/** What an app hands to `outbox.send`: a body that is not a string is sent as JSON. */
export interface OutboxSendInput {
  method: OutboxMethod;
  url: string;
  body?: unknown;
  contentType?: string;
}

/** The shell may still be loading its outbox at start: a request is said again until answered, then given up. */
const OUTBOX_RESEND_MS = 2000;
const OUTBOX_ANSWER_TIMEOUT_MS = 15_000;

export type OutboxClient = ReturnType<typeof openOutbox>;

/**
 * The app's outbox on a client's port (what `createOutbox(client)` of the `./outbox` entry, outbox-client.ts,
 * makes once per client). Here, free of the handshake, which the service worker does not read.
 */
export function openOutbox({ send, parentOrigin }: { send(message: OutboxRequest): void; parentOrigin: string | undefined }) {
  /** The shell's outbox replies among the messages this window receives. */
  const replyIn = (event: MessageEvent): OutboxReply | null =>
    event.origin === parentOrigin && isRecord(event.data) && event.data.protocol === PROTOCOL ? parseOutboxReply(event.data) : null;
  /** Sends `request` (again every 2 s, same id: the shell stores a send once) until `accept` takes an answer. */
  function ask<T>(request: (requestId: string) => OutboxRequest, accept: (reply: OutboxReply) => T | undefined): Promise<T> {
    const requestId = newRequestId();
    return new Promise<T>((resolve, reject) => {
      const finish = () => {
        clearInterval(again);
        clearTimeout(timer);
        removeEventListener('message', onMessage);
      };
      const onMessage = (event: MessageEvent) => {
        const reply = replyIn(event);
        if (!reply || !('requestId' in reply) || reply.requestId !== requestId) return;
        finish();
        if (reply.type === 'outbox-refused') return reject(new OutboxError(reply.reason));
        const value = accept(reply);
        if (value === undefined) reject(new OutboxError('invalid-write'));
        else resolve(value);
      };
      const again = setInterval(() => send(request(requestId)), OUTBOX_RESEND_MS);
      const timer = setTimeout(() => {
        finish();
        reject(new OutboxError('no-answer'));
      }, OUTBOX_ANSWER_TIMEOUT_MS);
      addEventListener('message', onMessage);
      try {
        send(request(requestId));
      } catch (error) {
        finish();
        reject(error);
      }
    });
  }
  let watching = false;
  return {
    /**
     * Hands a write to the shell. Resolves with the stored entry as soon as the shell has stored it
     * (not when it is delivered); rejects with an OutboxError naming why nothing was stored.
     */
    send({ method, url, body, contentType }: OutboxSendInput): Promise<OutboxEntry> {
      const text = body === undefined || body === null ? null : typeof body === 'string' ? body : JSON.stringify(body);
      const type = contentType ?? (text === null ? null : typeof body === 'string' ? 'text/plain; charset=utf-8' : 'application/json');
      const write = { method, url, body: text, contentType: type };
      return ask(
        (requestId) => ({ protocol: PROTOCOL, type: 'outbox-send', requestId, write }),
        (reply) => (reply.type === 'outbox-stored' ? reply.entry : undefined),
      );
    },
    /** This app's entries of the signed-in user, oldest first. */
    list(): Promise<OutboxEntry[]> {
      return ask(
        (requestId) => ({ protocol: PROTOCOL, type: 'outbox-list', requestId }),
        (reply) => (reply.type === 'outbox-entries' ? reply.entries : undefined),
      );
    },
    /** Removes an entry that is not being sent (a failed one, say); the user can do the same in the shell. */
    discard(id: string): Promise<void> {
      return ask(
        (requestId) => ({ protocol: PROTOCOL, type: 'outbox-discard', requestId, id }),
        (reply) => (reply.type === 'outbox-discarded' ? true : undefined),
      ).then(() => undefined);
    },
    /** Calls `listener` with each of this app's entries as it moves: queued → sending → delivered or failed. */
    watch(listener: (entry: OutboxEntry) => void): () => void {
      const onMessage = (event: MessageEvent) => {
        const reply = replyIn(event);
        if (reply?.type === 'outbox-update') listener(reply.entry);
      };
      addEventListener('message', onMessage);
      if (!watching) {
        watching = true;
        send({ protocol: PROTOCOL, type: 'outbox-watch' });
      }
      return () => removeEventListener('message', onMessage);
    },
  };
}
