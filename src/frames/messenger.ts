import {
  CAPABILITIES,
  parseFrameMessage,
  PROTOCOL,
  PROTOCOL_VERSION,
  type Capability,
  type FrameSettings,
  type FrameUserData,
  type NavigateMessage,
  type OutboxReply,
  type Scan,
  type ScannerReply,
  type SessionEndMessage,
  type ParsedFrameMessage,
  type VisibilityMessage,
  type WedgeRules,
  welcomeMessage,
} from '../../packages/frame-client/index.ts';
import { isTrustedUserDataOrigin } from './origin.ts';

/**
 * The shell's side of the frame protocol: the only module that listens to and posts messages to
 * frames. A message counts only when it comes from one of our frames (event.source) and from the
 * origin that frame was opened on; user data and the outbox only serve frames on the sign-in domain;
 * replies go to the exact origin, never '*'.
 */
export interface KnownFrame {
  key: string;
  /** The origin the frame was opened on. */
  origin: string;
  window: Window;
}

export type RejectionReason = 'unknown-source' | 'wrong-origin' | 'untrusted-user-data-origin' | 'untrusted-outbox-origin' | 'untrusted-scanner-origin';

/** An outbox request of a verified frame, and how to answer that frame (now, or later: watch updates). */
export type OutboxMessage = Extract<ParsedFrameMessage, { type: `outbox-${string}` }>;
export type OutboxPost = (reply: OutboxReply) => void;
/** A camera request of a verified frame, and how to answer that frame (the sheet's reads, its end). */
export type ScanRequestMessage = Extract<ParsedFrameMessage, { type: 'scan-request' }>;
export type ScannerPost = (reply: ScannerReply) => void;

export interface MessengerHandlers {
  findFrame(source: MessageEventSource | null): KnownFrame | null;
  /** The frame's page said which of the capabilities offered to it it takes part in (the handshake's hello); it has been welcomed. */
  onHello(frame: KnownFrame, capabilities: readonly Capability[]): void;
  /** A camera request of a verified frame; `post` answers that frame at its exact origin. */
  onScanRequest(frame: KnownFrame, message: ScanRequestMessage, post: ScannerPost): void;
  /** The frame's page has drawn (frame-client `ready()`). */
  onReady(frame: KnownFrame): void;
  /** Route sync; `navigation`: the move in place it answers (only a verified frame's is taken as one). */
  onRoute(frame: KnownFrame, path: string, navigation?: string): void;
  onEditing(frame: KnownFrame, editing: boolean): void;
  onLogout(): void;
  /** The signed-in user for the handshake; null when nobody is signed in. */
  userData(): FrameUserData | null;
  /** An outbox request of a verified frame; `post` answers that frame at its exact origin. */
  onOutbox(frame: KnownFrame, message: OutboxMessage, post: OutboxPost): void;
  onRejected(reason: RejectionReason, message: ParsedFrameMessage, origin: string): void;
  /** The frame has cleared what it kept of the person who left (frame-client onSessionEnd). */
  onSessionEnded?(frame: KnownFrame): void;
}

export interface OriginPolicy {
  signInDomain: string;
  localOrigins: readonly string[];
  /** How the device's wedge types (the brand's scanner settings): a verified frame is welcomed with it. */
  wedge: WedgeRules;
}

/** Listens to the frames' messages; `earlier` ones (kept before the listener existed) are handled first. */
export function listenToFrames(
  handlers: MessengerHandlers,
  policy: OriginPolicy,
  target: Window = window,
  earlier: readonly MessageEvent[] = [],
): () => void {
  const onMessage = (event: MessageEvent) => {
    const message = parseFrameMessage(event.data);
    if (!message) return; // not ours: other libraries and extensions post messages too
    const frame = handlers.findFrame(event.source);
    if (!frame) return handlers.onRejected('unknown-source', message, event.origin);
    if (event.origin !== frame.origin) return handlers.onRejected('wrong-origin', message, event.origin);
    const verified = () => isTrustedUserDataOrigin(event.origin, policy.signInDomain, policy.localOrigins);
    switch (message.type) {
      case 'hello': {
        // What this shell offers: all it speaks to a verified frame; to another, nothing of the user's own (their
        // writes, their scans and camera) and no moves in place (the answer to a move is trusted to the frames
        // trusted with the user).
        const welcome = welcomeMessage(PROTOCOL_VERSION, verified() ? [...CAPABILITIES] : ['session-end', 'visibility'], policy.wedge);
        handlers.onHello(frame, message.capabilities.filter((name) => welcome.capabilities.includes(name)));
        return frame.window.postMessage(welcome, event.origin);
      }
      case 'ready':
        return handlers.onReady(frame);
      case 'route':
        return handlers.onRoute(frame, message.path, verified() ? message.navigation : undefined);
      case 'edit-start':
      case 'edit-end':
        return handlers.onEditing(frame, message.type === 'edit-start');
      case 'logout':
        return handlers.onLogout();
      case 'user-data-request': {
        if (!verified()) {
          return handlers.onRejected('untrusted-user-data-origin', message, event.origin);
        }
        const user = handlers.userData();
        if (user) frame.window.postMessage({ protocol: PROTOCOL, type: 'user-data', requestId: message.requestId, user }, event.origin);
        return;
      }
      case 'outbox-send':
      case 'outbox-list':
      case 'outbox-discard':
      case 'outbox-watch': {
        const post: OutboxPost = (reply) => frame.window.postMessage(reply, event.origin);
        // The user's writes are trusted to the same frames as the user's data.
        if (!verified()) {
          if (message.type !== 'outbox-watch') post({ protocol: PROTOCOL, type: 'outbox-refused', requestId: message.requestId, reason: 'not-verified' });
          return handlers.onRejected('untrusted-outbox-origin', message, event.origin);
        }
        return handlers.onOutbox(frame, message, post);
      }
      case 'scan-request': {
        const post: ScannerPost = (reply) => frame.window.postMessage(reply, event.origin);
        if (!verified()) {
          post({ protocol: PROTOCOL, type: 'scan-done', requestId: message.requestId, reason: 'not-verified' });
          return handlers.onRejected('untrusted-scanner-origin', message, event.origin);
        }
        return handlers.onScanRequest(frame, message, post);
      }
      case 'session-ended':
        return handlers.onSessionEnded?.(frame);
    }
  };
  earlier.forEach(onMessage);
  target.addEventListener('message', onMessage);
  return () => target.removeEventListener('message', onMessage);
}

/** Tells a kept-alive frame that the person left (a shared device's End shift): it clears what it keeps of them. */
export function sendSessionEnd(frame: KnownFrame): void {
  frame.window.postMessage({ protocol: PROTOCOL, type: 'session-end' } satisfies SessionEndMessage, frame.origin);
}

/** Hands a scan to the frame shown (its app takes scans: README "Scanning"). */
export function sendScan(frame: KnownFrame, scan: Scan): void {
  frame.window.postMessage({ protocol: PROTOCOL, type: 'scan', scan } satisfies ScannerReply, frame.origin);
}

/** Tells a kept-alive frame its settings changed, instead of reloading it. */
export function sendSettings(frame: KnownFrame, settings: FrameSettings): void {
  frame.window.postMessage({ protocol: PROTOCOL, type: 'settings', settings }, frame.origin);
}

/** What the shell tells a frame of its own accord: a move in place or its visibility (navigate.ts). */
export type Telling = Omit<NavigateMessage<FrameSettings>, 'protocol'> | Omit<VisibilityMessage, 'protocol'>;

/** Tells a frame `message` on its origin. */
export function tellFrame(frame: KnownFrame, message: Telling): void {
  frame.window.postMessage({ protocol: PROTOCOL, ...message }, frame.origin);
}
