/**
 * The Staff Portal frame protocol: what an embedded app and the shell say to each other.
 * Dependency-free so any embedded app can import it. The shell validates every message with
 * `parseFrameMessage`; anything that does not match is ignored.
 *
 * Frame → shell: hello (the handshake, handshake.ts), ready (the page has drawn), route sync (also the answer
 * to a move in place), start/end of editing, logout, user-data request, the outbox's requests (outbox.ts), the
 * camera request (scanner.ts).
 * Shell → frame: welcome (the handshake), settings update (kept-alive frames), user-data reply, the outbox's
 * replies and updates, a move in place and the frame's visibility (navigate.ts), scans and the camera's replies.
 * Session end (shared devices), in its own block below: shell → frame 'session-end', frame → shell
 * 'session-ended' once the app has cleared what it kept of the person.
 */

import { isRecord, isRequestId, newRequestId, PROTOCOL } from './protocol.ts';
import { parseOutboxReply, parseOutboxRequest, type OutboxReply, type OutboxRequest, type ParsedOutboxRequest } from './outbox.ts';
import { createHandshake, parseHandshake, type Capability, type FramePort, type HelloMessage, type WelcomeMessage } from './handshake.ts';
import { createNavigation, parseNavigationMessage, type NavigateMessage, type VisibilityMessage } from './navigate.ts';
import { parseScannerReply, type ScannerReply, type ScanRequest, type ScanRequestEnvelope } from './scanner.ts';

export { PROTOCOL } from './protocol.ts';
// The handshake's messages live in handshake.ts, routing in place in navigate.ts. The outbox's client and the
// scanner's are entries of their own (`./outbox`, `./scanner`), so that an app pays only for what it uses:
// this entry re-exports their types only.
export * from './handshake.ts';
export * from './navigate.ts';
export type * from './outbox.ts';
export type * from './scanner.ts';
export type * from './wedge.ts';

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
  /** The protocol version the shell speaks (handshake.ts); absent from shells of version 1. */
  protocolVersion?: number;
  /** Loaded ahead and not shown (a warm frame, navigate.ts): no page view, no timer, until `client.visibility` says 'visible'. */
  hidden?: true;
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
  | HelloMessage
  | { protocol: typeof PROTOCOL; type: 'ready' }
  // `navigation`: the move in place this route sync answers (navigate.ts).
  | { protocol: typeof PROTOCOL; type: 'route'; path: string; navigation?: string }
  | { protocol: typeof PROTOCOL; type: 'edit-start' }
  | { protocol: typeof PROTOCOL; type: 'edit-end' }
  | { protocol: typeof PROTOCOL; type: 'logout' }
  | { protocol: typeof PROTOCOL; type: 'user-data-request'; requestId: string }
  | OutboxRequest
  | ScanRequest
  | SessionEndedMessage;

export type ShellToFrameMessage =
  | WelcomeMessage
  | { protocol: typeof PROTOCOL; type: 'settings'; settings: FrameSettings }
  | { protocol: typeof PROTOCOL; type: 'user-data'; requestId: string; user: FrameUserData }
  | OutboxReply
  | ScannerReply
  | SessionEndMessage
  | NavigateMessage<FrameSettings>
  | VisibilityMessage;

const MAX_PATH_LENGTH = 2048;

/** A message as `parseFrameMessage` hands it to the shell: as sent, with an outbox write checked and a camera request's options left to the scanner. */
export type ParsedFrameMessage = Exclude<FrameToShellMessage, OutboxRequest | ScanRequest> | ParsedOutboxRequest | ScanRequestEnvelope;

/** Validates a message an embedded app sent. Never throws; returns null for anything else. */
export function parseFrameMessage(data: unknown): ParsedFrameMessage | null {
  try {
    if (!isRecord(data) || data.protocol !== PROTOCOL) return null;
    switch (data.type) {
      case 'hello':
        return parseHandshake<HelloMessage>(data, 'hello');
      case 'route':
        return typeof data.path === 'string' && data.path.startsWith('/') && data.path.length <= MAX_PATH_LENGTH
          ? { protocol: PROTOCOL, type: 'route', path: data.path, ...(isRequestId(data.navigation) && { navigation: data.navigation }) }
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
      case 'scan-request':
        // Here (not in scanner.ts): the shell's start takes only this of the scanner's part.
        return isRequestId(data.requestId) ? { protocol: PROTOCOL, type: 'scan-request', requestId: data.requestId, data } : null;
      default:
        return parseSessionEnded(data);
    }
  } catch {
    return null; // hostile getters on a proxied object
  }
}

/** Validates a message the shell sent (used by embedded apps). */
export function parseShellMessage(data: unknown): ShellToFrameMessage | null {
  if (!isRecord(data) || data.protocol !== PROTOCOL) return null;
  if (data.type === 'welcome') return parseHandshake<WelcomeMessage>(data, 'welcome');
  if (data.type === 'settings' && isRecord(data.settings)) return data as unknown as ShellToFrameMessage;
  if (data.type === 'user-data' && typeof data.requestId === 'string' && isRecord(data.user)) {
    return data as unknown as ShellToFrameMessage;
  }
  return parseOutboxReply(data) ?? parseScannerReply(data) ?? parseSessionEnd(data) ?? (parseNavigationMessage(data) as ShellToFrameMessage | null);
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

/** The embedded app's side of the protocol (the core: the outbox and the scanner are `createOutbox(client)` and `createScanner(client)`). */
export type FrameClient = ReturnType<typeof createFrameClient>;

/** The embedded app's side of the protocol. */
export function createFrameClient(target: Window = globalThis.parent, settings = readFrameSettings()) {
  const parentOrigin = settings?.parentOrigin;
  const send = (message: FrameToShellMessage) => {
    if (!parentOrigin) throw new Error('Not embedded by the Staff Portal shell (no settings in window.name)');
    target.postMessage(message, parentOrigin);
  };
  let readySent = false;
  let current = settings;
  const sessionEnd = answerSessionEnd(parentOrigin, target);
  const handshake = createHandshake(parentOrigin ? send : null, parentOrigin, settings?.protocolVersion);
  const navigation = createNavigation<FrameSettings>(
    parentOrigin,
    settings?.hidden === true,
    handshake.take,
    (path, id) => send({ protocol: PROTOCOL, type: 'route', path, navigation: id }),
    (next) => {
      current = next;
      // A reload of the page then starts with the route's settings, as a new document would.
      (globalThis as { name?: string }).name = JSON.stringify(next);
    },
  );
  return {
    /** The shell's settings: window.name's, then those of each move in place. */
    get settings() {
      return current;
    },
    /**
     * The shell's version and what it offers this frame, once the handshake is over: at once on a shell
     * of version 1 (no handshake) or outside the shell (version 0), else at the shell's welcome.
     */
    connected: handshake.connected,
    /** Whether the shell offers `capability` to this frame; ask after `await client.connected` (false until then). */
    supports: (capability: Capability): boolean => handshake.supports(capability),
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
    /** What `createOutbox` (`./outbox`) and `createScanner` (`./scanner`) build on; not for apps. */
    port: { send, parentOrigin, ...handshake } satisfies FramePort,
    /**
     * Called when the person leaves a shared device (End shift): clear what the app keeps of them
     * (the session-end block below says what and how long). Returns an undo.
     */
    onSessionEnd(listener: SessionEndListener): () => void {
      handshake.take('session-end');
      return sessionEnd.add(listener);
    },
    /**
     * Routes in place (README "Frame protocol: routing in place and warm frames"): the shell sends this
     * frame the routes of this app the person opens instead of loading a new document; `handler` draws
     * the route (its promise settles once drawn) and the client then answers with route sync. Returns an undo.
     */
    onNavigate: navigation.onNavigate,
    /** Whether the shell shows this frame ('hidden' in a warm frame until it is shown): count page views only when visible. */
    visibility: navigation.visibility,
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

// ——— Session end (shared devices) ——————————————————————————————————————————————————————————————
//
// On a shared device the person changes (README "Shared devices": End shift, a shift ended by a wrong
// PIN or by idling). The shell tells every kept-alive frame 'session-end' and gives it up to
// SESSION_END_DEADLINE_MS to clear what it keeps of the person — its localStorage, IndexedDB, caches,
// cookies it can reach, and what it holds in memory — then removes the frames. The frame answers
// 'session-ended' when its listeners have run (at once when it has none), so the shell need not wait.

/** How long the shell waits for the frames' 'session-ended' before it removes them. */
export const SESSION_END_DEADLINE_MS = 2000;

export interface SessionEndMessage {
  protocol: typeof PROTOCOL;
  type: 'session-end';
}

export interface SessionEndedMessage {
  protocol: typeof PROTOCOL;
  type: 'session-ended';
}

/** What an app does when the person leaves: clear its own storage; the shell waits for its promise (up to the deadline). */
export type SessionEndListener = () => void | Promise<void>;

/** Validates the frame's answer (the shell's side); null for anything else. */
function parseSessionEnded(data: Record<string, unknown>): SessionEndedMessage | null {
  return data.type === 'session-ended' ? { protocol: PROTOCOL, type: 'session-ended' } : null;
}

/** Validates the shell's message (the frame's side); null for anything else. */
function parseSessionEnd(data: Record<string, unknown>): SessionEndMessage | null {
  return data.type === 'session-end' ? { protocol: PROTOCOL, type: 'session-end' } : null;
}

/**
 * Listens for the shell's 'session-end' from the frame's creation, so that an app with no listener
 * answers at once; runs every listener (a failing one does not stop the others) and then answers.
 */
function answerSessionEnd(parentOrigin: string | undefined, parent: Window) {
  const listeners = new Set<SessionEndListener>();
  if (parentOrigin) {
    addEventListener('message', (event: MessageEvent) => {
      if (event.origin !== parentOrigin) return;
      if (parseShellMessage(event.data)?.type !== 'session-end') return;
      void Promise.allSettled([...listeners].map(async (listener) => listener())).then(() =>
        parent.postMessage({ protocol: PROTOCOL, type: 'session-ended' } satisfies SessionEndedMessage, parentOrigin),
      );
    });
  }
  return {
    add(listener: SessionEndListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
