/**
 * A stand-in for the Staff Portal shell, for app teams' own tests (`@staff-portal/frame-client/testing`):
 * no portal, no sign-in, no network. It plays the shell's side of the protocol in the app's own window
 * (happy-dom, jsdom or a real browser page): it writes the settings to window.name, becomes the window's
 * `parent`, answers the handshake, the user-data request and the outbox, records what the app tells the
 * shell, and lets the test end the session, send scans, move the app in place and show or hide it.
 *
 * It checks every message the app sends with the shell's own parser (`parseFrameMessage`): a message the
 * real shell would drop is counted in `dropped`, never recorded. It answers as the shell answers, one task
 * later, at the shell's origin.
 */
import { parseFrameMessage, SESSION_END_DEADLINE_MS, type FrameSettings, type FrameUserData, type ParsedFrameMessage } from './index.ts';
import { CAPABILITIES, PROTOCOL_VERSION, welcomeMessage, type Capability } from './handshake.ts';
import type { NavigateRequest, Visibility } from './navigate.ts';
import type { OutboxEntry, OutboxProblem, OutboxRefusal, OutboxWrite } from './outbox.ts';
import { PROTOCOL } from './protocol.ts';
import { parseScanRequest, type BarcodeFormat, type Scan, type ScanRefusal, type ScanRequest } from './scanner.ts';
import { DEFAULT_WEDGE_RULES, type WedgeRules } from './wedge.ts';

export interface ShellStandInOptions {
  /** The signed-in person (the user-data answer); the access token is a fake one unless given. */
  user?: Partial<Omit<FrameUserData, 'sellerId' | 'platformId' | 'siteId'>>;
  seller?: { id: number; name: string } | null;
  site?: { id: number; name: string } | null;
  platformId?: number | null;
  /** What the shell offers the frame (default: every capability this package knows). */
  capabilities?: readonly Capability[];
  /** The shell's protocol version: 1 plays a shell from before the handshake (no protocolVersion, no welcome). */
  version?: number;
  /** How the device's scanner types, sent in the welcome with `scanner`. */
  wedge?: WedgeRules;
  /** The shell's origin (default `https://portal.test`). */
  origin?: string;
  /** More of the settings the shell writes to window.name (language, title, …). */
  settings?: Partial<FrameSettings>;
  /** The app's window (default: this global window). */
  window?: Window;
  /** How the outbox answers a write: stored (the default) or refused with a reason. */
  outbox?: (write: OutboxWrite) => 'stored' | OutboxRefusal;
  /** How long `navigate` waits for the app's answer before it gives up, as the shell does (ms). */
  navigateTimeoutMs?: number;
}

const NAVIGATE_WAIT_MS = 3000;

export type ShellStandIn = ReturnType<typeof createShellStandIn>;

/** Puts a shell stand-in in place for the app's window: create it before the app's frame client. `close()` undoes it. */
export function createShellStandIn(options: ShellStandInOptions = {}) {
  const target = options.window ?? (globalThis as unknown as Window);
  const origin = options.origin ?? 'https://portal.test';
  const version = options.version ?? PROTOCOL_VERSION;
  const offered = [...(options.capabilities ?? CAPABILITIES)];
  const seller = options.seller === undefined ? { id: 1, name: 'Seller 1' } : options.seller;
  const site = options.site ?? null;
  const platformId = options.platformId === undefined ? 1 : options.platformId;
  const user: FrameUserData = {
    sub: 'staff-0001',
    name: 'Test Staff',
    email: null,
    picture: null,
    accessToken: 'stand-in-access-token',
    ...options.user,
    sellerId: seller?.id ?? null,
    platformId,
    siteId: site?.id ?? null,
  };
  const settings: FrameSettings = {
    language: 'en',
    platformId,
    numberDisplayFormat: { thousandSeparator: ',', decimalSeparator: '.' },
    seller,
    site,
    clientId: 'staff-portal',
    oauthDomain: new URL(origin).hostname,
    isAdminDomain: false,
    backIcon: false,
    hideBackButton: false,
    isMobileView: false,
    trackerAppId: '',
    title: '',
    isOnlineMode: true,
    serviceIds: [],
    pushToken: '',
    notificationAppId: '',
    ...options.settings,
    parentOrigin: origin,
    ...(version >= 2 ? { protocolVersion: version } : {}),
  };

  /** What the app told the shell, as the shell reads it. */
  const record = {
    messages: [] as ParsedFrameMessage[],
    /** Messages the real shell would drop (not the protocol's shape, or posted to another origin). */
    dropped: 0,
    ready: false,
    /** Every route sync, in order (also the answers to moves in place). */
    routes: [] as string[],
    /** Every start and end of editing, in order. */
    edits: [] as ('start' | 'end')[],
    logouts: 0,
    /** The capabilities the app takes part in, by its last hello. */
    taken: [] as Capability[],
    /** The writes the outbox stored, as entries. */
    outbox: [] as OutboxEntry[],
    /** The camera requests the app made. */
    scanRequests: [] as ScanRequest[],
  };
  const watchers = new Set<(message: ParsedFrameMessage) => void>();
  let watchingOutbox = false;

  /** Posts to the app as the shell does: one task later, from the shell's origin. */
  const post = (data: unknown) =>
    new Promise<void>((resolve) =>
      setTimeout(() => {
        target.dispatchEvent(new MessageEvent('message', { data, origin }));
        resolve();
      }),
    );

  const entryOf = (write: OutboxWrite, id: string): OutboxEntry => ({ id, method: write.method, url: write.url, body: write.body, state: 'queued', queuedAt: Date.now(), attempts: 0, problem: null, answer: null });

  function receive(data: unknown, targetOrigin: string) {
    const message = targetOrigin === origin ? parseFrameMessage(data) : null;
    if (!message) return void record.dropped++;
    record.messages.push(message);
    switch (message.type) {
      case 'hello':
        record.taken = message.capabilities;
        if (version >= 2) void post(welcomeMessage(version, [...offered], options.wedge ?? DEFAULT_WEDGE_RULES));
        break;
      case 'ready':
        record.ready = true;
        break;
      case 'route':
        record.routes.push(message.path);
        break;
      case 'edit-start':
      case 'edit-end':
        record.edits.push(message.type === 'edit-start' ? 'start' : 'end');
        break;
      case 'logout':
        record.logouts++;
        break;
      case 'user-data-request':
        void post({ protocol: PROTOCOL, type: 'user-data', requestId: message.requestId, user });
        break;
      case 'outbox-send': {
        const { requestId, write } = message;
        if (!offered.includes('outbox')) return void post({ protocol: PROTOCOL, type: 'outbox-refused', requestId, reason: 'not-verified' });
        if (!write.ok) return void post({ protocol: PROTOCOL, type: 'outbox-refused', requestId, reason: write.reason });
        // The shell stores a write said again (same request id) once.
        const known = record.outbox.find((entry) => entry.id === requestId);
        const answer = known ? 'stored' : (options.outbox?.(write.write) ?? 'stored');
        if (answer !== 'stored') return void post({ protocol: PROTOCOL, type: 'outbox-refused', requestId, reason: answer });
        const entry = known ?? entryOf(write.write, requestId);
        if (!known) record.outbox.push(entry);
        void post({ protocol: PROTOCOL, type: 'outbox-stored', requestId, entry });
        if (!known && watchingOutbox) void post({ protocol: PROTOCOL, type: 'outbox-update', entry });
        break;
      }
      case 'outbox-list':
        void post({ protocol: PROTOCOL, type: 'outbox-entries', requestId: message.requestId, entries: record.outbox });
        break;
      case 'outbox-discard': {
        const at = record.outbox.findIndex((entry) => entry.id === message.id && entry.state !== 'sending');
        if (at >= 0) record.outbox.splice(at, 1);
        void post(at >= 0 ? { protocol: PROTOCOL, type: 'outbox-discarded', requestId: message.requestId, id: message.id } : { protocol: PROTOCOL, type: 'outbox-refused', requestId: message.requestId, reason: 'not-found' });
        break;
      }
      case 'outbox-watch':
        watchingOutbox = true;
        break;
      case 'scan-request': {
        const request = parseScanRequest(message.data);
        if (request) record.scanRequests.push(request);
        const refusal = !request || !offered.includes('scanner') ? 'not-supported' : null;
        void post(refusal ? { protocol: PROTOCOL, type: 'scan-done', requestId: message.requestId, reason: refusal } : { protocol: PROTOCOL, type: 'scan-opened', requestId: message.requestId });
        break;
      }
      case 'session-ended':
        break;
    }
    watchers.forEach((watcher) => watcher(message));
  }

  /** Resolves with the first message `accept` takes, or `fallback` after `ms`. */
  function nextMessage<T>(accept: (message: ParsedFrameMessage) => T | undefined, ms: number, fallback: T): Promise<T> {
    return new Promise((resolve) => {
      const done = (value: T) => {
        clearTimeout(timer);
        watchers.delete(watcher);
        resolve(value);
      };
      const watcher = (message: ParsedFrameMessage) => {
        const value = accept(message);
        if (value !== undefined) done(value);
      };
      const timer = setTimeout(() => done(fallback), ms);
      watchers.add(watcher);
    });
  }

  // The stand-in becomes the window's parent; the app posts to it as to the shell's window.
  const parent = { postMessage: (data: unknown, targetOrigin: string) => receive(data, targetOrigin) } as unknown as Window;
  const previousName = target.name;
  const ownParent = Object.getOwnPropertyDescriptor(target, 'parent');
  target.name = JSON.stringify(settings);
  Object.defineProperty(target, 'parent', { value: parent, configurable: true, writable: true });
  let moves = 0;
  const lastScanRequest = () => {
    const request = record.scanRequests.at(-1);
    if (!request) throw new Error('The app has not asked for the camera');
    return request;
  };

  return {
    /** The window the app posts to (also installed as `window.parent`): `createFrameClient(stand.parent, stand.settings)`. */
    parent,
    /** The settings in window.name. */
    settings,
    /** What the user-data request answers. */
    user,
    origin,
    /** Every route sync, in order (also the answers to moves in place). */
    routes: record.routes,
    /** Every start and end of editing, in order. */
    edits: record.edits,
    /** The writes the outbox stored, as entries. */
    outbox: record.outbox,
    /** The camera requests the app made. */
    scanRequests: record.scanRequests,
    /** Every message the shell took, in order. */
    get messages() {
      return record.messages;
    },
    get dropped() {
      return record.dropped;
    },
    get ready() {
      return record.ready;
    },
    get logouts() {
      return record.logouts;
    },
    get taken() {
      return record.taken;
    },
    /** Whether the app is editing now (its last edit message was a start). */
    get editing() {
      return record.edits.at(-1) === 'start';
    },
    /**
     * The person leaves (a shared device's End shift): tells the app 'session-end' and resolves true once it
     * answers that it cleared what it kept, false when it does not answer within the shell's deadline.
     */
    endSession(): Promise<boolean> {
      const answered = nextMessage((message) => (message.type === 'session-ended' ? true : undefined), SESSION_END_DEADLINE_MS, false);
      void post({ protocol: PROTOCOL, type: 'session-end' });
      return answered;
    },
    /**
     * A scan for the shown app (the wedge's with the focus in the shell, or the header's camera). Resolves
     * false, sending nothing, when the app does not take part in the scanner: the shell would use it elsewhere.
     */
    async sendScan(text: string, source: Scan['source'] = 'wedge', format?: BarcodeFormat): Promise<boolean> {
      if (!record.taken.includes('scanner') || !offered.includes('scanner')) return false;
      await post({ protocol: PROTOCOL, type: 'scan', scan: { text, source, ...(format ? { format } : {}) } });
      return true;
    },
    /** The camera sheet the app opened reads a code. */
    readCode(text: string, format: BarcodeFormat = 'qr_code'): Promise<void> {
      return post({ protocol: PROTOCOL, type: 'scan-read', requestId: lastScanRequest().requestId, scan: { text, source: 'camera', format } });
    },
    /** The camera sheet closes: the person closed it (null) or `reason`. */
    closeCamera(reason: ScanRefusal | null = null): Promise<void> {
      return post({ protocol: PROTOCOL, type: 'scan-done', requestId: lastScanRequest().requestId, reason });
    },
    /**
     * The person opens another route of the app while its frame is alive: resolves with the path of the
     * app's answer (its route sync), or null when it does not route in place (no answer within the wait).
     */
    navigate(path: string, route: Partial<Omit<NavigateRequest<FrameSettings>, 'path'>> = {}): Promise<string | null> {
      const navigation = `move-${++moves}`;
      const answered = nextMessage((message) => (message.type === 'route' && message.navigation === navigation ? message.path : undefined), options.navigateTimeoutMs ?? NAVIGATE_WAIT_MS, null);
      const [pathname = path, search = ''] = path.split(/(?=\?)/);
      void post({ protocol: PROTOCOL, type: 'navigate', navigation, route: { path: pathname, params: {}, query: search, settings, ...route } });
      return answered;
    },
    /** The shell shows or hides the frame. */
    setVisibility(state: Visibility): Promise<void> {
      return post({ protocol: PROTOCOL, type: 'visibility', state });
    },
    /** New settings for a kept-alive frame (a seller or language change). */
    updateSettings(change: Partial<FrameSettings>): Promise<void> {
      Object.assign(settings, change);
      return post({ protocol: PROTOCOL, type: 'settings', settings });
    },
    /** A stored write moves on (sending, delivered with the API's answer, failed with a problem): the app's watchers hear it. */
    updateEntry(id: string, change: { state: OutboxEntry['state']; answer?: OutboxEntry['answer']; problem?: { reason: OutboxProblem; status: number | null } }): Promise<void> {
      const entry = record.outbox.find((each) => each.id === id);
      if (!entry) throw new Error(`No outbox entry ${id}`);
      Object.assign(entry, { state: change.state, attempts: entry.attempts + (change.state === 'sending' ? 1 : 0) });
      if (change.answer !== undefined) entry.answer = change.answer;
      if (change.problem !== undefined) entry.problem = { ...change.problem, retryAt: null };
      return watchingOutbox ? post({ protocol: PROTOCOL, type: 'outbox-update', entry }) : Promise.resolve();
    },
    /** Resolves with the next message the app sends of `type` (after `timeoutMs`, rejects naming it). */
    next<Type extends ParsedFrameMessage['type']>(type: Type, timeoutMs = 2000): Promise<Extract<ParsedFrameMessage, { type: Type }>> {
      return nextMessage((message) => (message.type === type ? message : undefined), timeoutMs, null).then((message) => {
        if (!message) throw new Error(`The app sent no '${type}' within ${timeoutMs} ms`);
        return message as Extract<ParsedFrameMessage, { type: Type }>;
      });
    },
    /** Takes the stand-in away: window.name and `parent` as they were. */
    close(): void {
      target.name = previousName;
      if (ownParent) Object.defineProperty(target, 'parent', ownParent);
      else delete (target as { parent?: unknown }).parent;
    },
  };
}
