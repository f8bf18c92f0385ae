/**
 * The Staff Portal frame protocol: what an embedded app and the shell say to each other.
 * Dependency-free so any embedded app can import it. The shell validates every message with
 * `parseFrameMessage`; anything that does not match is ignored.
 *
 * Frame → shell: ready (the page has drawn), route sync, start/end of editing, logout, user-data request,
 * and the outbox's requests (outbox.ts).
 * Shell → frame: settings update (kept-alive frames), user-data reply, the outbox's replies and updates.
 */

import { isRecord, isRequestId, newRequestId, PROTOCOL } from './protocol.ts';
import { createOutboxClient, parseOutboxReply, parseOutboxRequest, type OutboxReply, type OutboxRequest, type ParsedOutboxRequest } from './outbox.ts';

export { PROTOCOL } from './protocol.ts';
// The outbox's messages and client live in outbox.ts.
export * from './outbox.ts';

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

/** A message as `parseFrameMessage` hands it to the shell: as sent, with an outbox write checked. */
export type ParsedFrameMessage = Exclude<FrameToShellMessage, OutboxRequest> | ParsedOutboxRequest;

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
