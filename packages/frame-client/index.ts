/**
 * The Staff Portal frame protocol: what an embedded app and the shell say to each other.
 * Dependency-free so any embedded app can import it. The shell validates every message with
 * `parseFrameMessage`; anything that does not match is ignored.
 *
 * Frame → shell: ready (the page has drawn), route sync, start/end of editing, logout, user-data request,
 * and the outbox's requests (the block at the end of this file).
 * Shell → frame: settings update (kept-alive frames), user-data reply, the outbox's replies and updates.
 */

export const PROTOCOL = 'staff-portal/1';

/** Settings the shell puts in the frame's window.name as JSON (never access, refresh or ID tokens). */
export interface FrameSettings {
  language: 'vi' | 'en';
  platformId: number | null;
  numberDisplayFormat: { thousandSeparator: string; decimalSeparator: string };
  seller: { id: number; name: string } | null;
  site: { id: number; name: string } | null;
  parentOrigin: string;
  clientId: string;
  oauthDomain: string;
  isAdminDomain: boolean;
  backIcon: boolean;
  hideBackButton: boolean;
  isMobileView: boolean;
  trackerAppId: string;
  title: string;
  isOnlineMode: boolean;
  serviceIds: string[];
  /** The device's push token; empty when push is off or the device has none yet. */
  pushToken: string;
  notificationAppId: string;
}

/** What the shell hands to a verified embedded app that asks for the signed-in user. */
export interface FrameUserData {
  sub: string;
  name: string;
  email: string | null;
  picture: string | null;
  accessToken: string;
  sellerId: number | null;
  platformId: number | null;
  siteId: number | null;
}

export type FrameToShellMessage =
  | { protocol: typeof PROTOCOL; type: 'ready' }
  | { protocol: typeof PROTOCOL; type: 'route'; path: string }
  | { protocol: typeof PROTOCOL; type: 'edit-start' }
  | { protocol: typeof PROTOCOL; type: 'edit-end' }
  | { protocol: typeof PROTOCOL; type: 'logout' }
  | { protocol: typeof PROTOCOL; type: 'user-data-request'; requestId: string }
  | OutboxRequest;

export type ShellToFrameMessage =
  | { protocol: typeof PROTOCOL; type: 'settings'; settings: FrameSettings }
  | { protocol: typeof PROTOCOL; type: 'user-data'; requestId: string; user: FrameUserData }
  | OutboxReply;

const MAX_PATH_LENGTH = 2048;
const MAX_REQUEST_ID_LENGTH = 100;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isRequestId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= MAX_REQUEST_ID_LENGTH;

/** A message as `parseFrameMessage` hands it to the shell: as sent, with an outbox write checked. */
export type ParsedFrameMessage =
  | Exclude<FrameToShellMessage, { type: 'outbox-send' }>
  | { protocol: typeof PROTOCOL; type: 'outbox-send'; requestId: string; write: CheckedWrite };

/** Validates a message an embedded app sent. Never throws; returns null for anything else. */
export function parseFrameMessage(data: unknown): ParsedFrameMessage | null {
  try {
    if (!isRecord(data) || data.protocol !== PROTOCOL) return null;
    switch (data.type) {
      case 'route':
        return typeof data.path === 'string' && data.path.startsWith('/') && data.path.length <= MAX_PATH_LENGTH
          ? { protocol: PROTOCOL, type: 'route', path: data.path }
          : null;
      case 'ready':
      case 'edit-start':
      case 'edit-end':
      case 'logout':
        return { protocol: PROTOCOL, type: data.type };
      case 'user-data-request':
        return isRequestId(data.requestId) ? { protocol: PROTOCOL, type: 'user-data-request', requestId: data.requestId } : null;
      case 'outbox-send':
      case 'outbox-list':
      case 'outbox-discard':
      case 'outbox-watch':
        return parseOutboxRequest(data);
      default:
        return null;
    }
  } catch {
    return null; // hostile getters on a proxied object
  }
}

/** Validates a message the shell sent (used by embedded apps). */
export function parseShellMessage(data: unknown): ShellToFrameMessage | null {
  if (!isRecord(data) || data.protocol !== PROTOCOL) return null;
  if (data.type === 'settings' && isRecord(data.settings)) return data as unknown as ShellToFrameMessage;
  if (data.type === 'user-data' && typeof data.requestId === 'string' && isRecord(data.user)) {
    return data as unknown as ShellToFrameMessage;
  }
  return parseOutboxReply(data);
}

/** Reads the settings the shell put in window.name; null when not embedded by the shell. */
export function readFrameSettings(name: string = (globalThis as { name?: string }).name ?? ''): FrameSettings | null {
  try {
    const value: unknown = JSON.parse(name);
    return isRecord(value) && typeof value.parentOrigin === 'string' ? (value as unknown as FrameSettings) : null;
  } catch {
    return null;
  }
}

/** The embedded app's side of the protocol. */
export function createFrameClient(target: Window = globalThis.parent, settings = readFrameSettings()) {
  const parentOrigin = settings?.parentOrigin;
  const send = (message: FrameToShellMessage) => {
    if (!parentOrigin) throw new Error('Not embedded by the Staff Portal shell (no settings in window.name)');
    target.postMessage(message, parentOrigin);
  };
  let readySent = false;
  return {
    settings,
    /**
     * Tells the shell this page has drawn something usable; call it once the first view is on screen
     * (after the data it needs, not at script start). Until then the shell shows its loading
     * indicator, and offline it covers a page that never says so (a browser error page, say) with
     * its own card. Later calls in the same page are ignored.
     */
    ready() {
      if (readySent) return;
      readySent = true;
      send({ protocol: PROTOCOL, type: 'ready' });
    },
    /** Tells the shell the app navigated, so the portal's address follows. */
    syncRoute: (path: string) => send({ protocol: PROTOCOL, type: 'route', path }),
    startEdit: () => send({ protocol: PROTOCOL, type: 'edit-start' }),
    endEdit: () => send({ protocol: PROTOCOL, type: 'edit-end' }),
    logout: () => send({ protocol: PROTOCOL, type: 'logout' }),
    /** Asks for the signed-in user; the shell answers only apps on the sign-in domain. */
    requestUserData(timeoutMs = 5000): Promise<FrameUserData> {
      const requestId = newRequestId();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          removeEventListener('message', onMessage);
          reject(new Error('The shell did not answer the user-data request'));
        }, timeoutMs);
        const onMessage = (event: MessageEvent) => {
          if (event.origin !== parentOrigin) return;
          const message = parseShellMessage(event.data);
          if (message?.type === 'user-data' && message.requestId === requestId) {
            clearTimeout(timer);
            removeEventListener('message', onMessage);
            resolve(message.user);
          }
        };
        addEventListener('message', onMessage);
        send({ protocol: PROTOCOL, type: 'user-data-request', requestId });
      });
    },
    /**
     * Leaves history to the shell. Inside a frame every navigation the app makes (a link, pushState)
     * adds an entry to the browser's one joint history, beside the shell's own entry for the same
     * move, so Android's Back would need two presses or move only the frame. With this on, the
     * app's same-origin link clicks and pushState replace the frame's entry and tell the shell the
     * new path instead; the shell adds the one entry Back returns through. Returns an undo.
     *
     * A message posted just before the page unloads may reach the shell after the frame has moved on,
     * when the shell can no longer tell which frame sent it (Chromium then gives no usable source), so
     * a link also leaves its path in sessionStorage and the page it opens says the path again.
     */
    keepHistoryWithShell(): () => void {
      if (!parentOrigin) return () => undefined;
      const history = globalThis.history;
      const pushState = history.pushState;
      const relative = (url: URL) => url.pathname + url.search;
      const here = relative(new URL(location.href));
      if (takePendingRoute() === here) send({ protocol: PROTOCOL, type: 'route', path: here });
      history.pushState = function (data: unknown, unused: string, url?: string | URL | null) {
        history.replaceState(data, unused, url);
        if (url !== undefined && url !== null) send({ protocol: PROTOCOL, type: 'route', path: relative(new URL(url, location.href)) });
      };
      const onClick = (event: MouseEvent) => {
        const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
        if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return;
        const url = new URL(link.href, location.href);
        if (url.origin !== location.origin) return;
        event.preventDefault();
        send({ protocol: PROTOCOL, type: 'route', path: relative(url) });
        leavePendingRoute(relative(url));
        location.replace(url.href);
      };
      addEventListener('click', onClick);
      return () => {
        history.pushState = pushState;
        removeEventListener('click', onClick);
      };
    },
    /** The shell's outbox: writes stored on the device at once and delivered exactly once (README "Frame protocol"). */
    outbox: createOutboxClient(send, parentOrigin),
    /** Called when the shell sends new settings to a kept-alive frame. */
    onSettings(listener: (settings: FrameSettings) => void): () => void {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== parentOrigin) return;
        const message = parseShellMessage(event.data);
        if (message?.type === 'settings') listener(message.settings);
      };
      addEventListener('message', onMessage);
      return () => removeEventListener('message', onMessage);
    },
  };
}

/** The path an in-app link left for the page it opens to announce (keepHistoryWithShell). */
const PENDING_ROUTE_KEY = 'staff-portal:pending-route';

function leavePendingRoute(path: string): void {
  try {
    sessionStorage.setItem(PENDING_ROUTE_KEY, path);
  } catch {
    // Storage blocked: the message sent before leaving is all the shell gets.
  }
}

function takePendingRoute(): string | null {
  try {
    const path = sessionStorage.getItem(PENDING_ROUTE_KEY);
    sessionStorage.removeItem(PENDING_ROUTE_KEY);
    return path;
  } catch {
    return null;
  }
}

const newRequestId = () => `${Date.now()}-${Math.random().toString(36).slice(2)}`;

// ─── Outbox ──────────────────────────────────────────────────────────────────────────────────────
// An app hands the shell a write (an API call that changes something); the shell stores it on the
// device before answering and delivers it exactly once (one Idempotency-Key across tries), under the
// user and seller it was made for, through reloads, closed tabs, new releases and dead networks.

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

function parseOutboxRequest(data: Record<string, unknown>): ParsedFrameMessage | null {
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

function parseOutboxReply(data: Record<string, unknown>): OutboxReply | null {
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

function createOutboxClient(send: (message: FrameToShellMessage) => void, parentOrigin: string | undefined) {
  /** Sends `request` (again every 2 s, same id: the shell stores a send once) until `accept` takes an answer. */
  function ask<T>(request: (requestId: string) => FrameToShellMessage, accept: (reply: OutboxReply) => T | undefined): Promise<T> {
    const requestId = newRequestId();
    return new Promise<T>((resolve, reject) => {
      const finish = () => {
        clearInterval(again);
        clearTimeout(timer);
        removeEventListener('message', onMessage);
      };
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== parentOrigin) return;
        const reply = parseShellMessage(event.data);
        if (!reply || !('requestId' in reply) || reply.requestId !== requestId) return;
        finish();
        if (reply.type === 'outbox-refused') return reject(new OutboxError(reply.reason));
        const value = accept(reply as OutboxReply);
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
        if (event.origin !== parentOrigin) return;
        const reply = parseShellMessage(event.data);
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
