/**
 * The handshake: which version of the protocol each side speaks and which capabilities it takes part in.
 *
 * Version 1 is the protocol as it was before the handshake: ready, route sync, editing, logout, the
 * user-data request, settings, the outbox and session end. Every capability added after it is opt-in on
 * both sides, so an old app on a new shell and a new app on an old shell keep working:
 * - the app says 'hello' (its version and the capabilities it handles, e.g. a scan listener) as soon as it
 *   is created, and again whenever it takes up one more;
 * - the shell answers 'welcome' (its version and what it offers this frame; a frame that fails the
 *   exact-origin rule is offered none of the user's capabilities);
 * - an app asks `client.supports(name)` (after `await client.connected`) before it uses a capability;
 *   a shell uses an app's capability only when the app announced it.
 * A shell that speaks version 2 or later says so in window.name (`protocolVersion`), so an app on an
 * older shell knows at once, without waiting for an answer that will never come.
 *
 * Dependency-free and free of the page's DOM, like the rest of the protocol.
 */
import { isRecord, PROTOCOL } from './protocol.ts';
import { parseWedgeRules, type WedgeRules } from './wedge.ts';

/** The protocol version this package speaks. 1: before the handshake; 2: hello/welcome and capabilities. */
export const PROTOCOL_VERSION = 2;

/**
 * Capabilities, by one name on both sides: the shell offers it, the app takes part in it.
 * - `outbox`: the shell stores and delivers the app's writes (the app uses `client.outbox`).
 * - `session-end`: the shell tells the app when the person leaves a shared device (`client.onSessionEnd`).
 * - `navigate`: the app routes in place; the shell sends it the routes the person opens (`client.onNavigate`, navigate.ts).
 * - `visibility`: the shell tells the frame when it is shown or hidden (`client.visibility`, navigate.ts).
 * - `scanner`: the shell's scans reach the app, and its camera reads codes for it (`client.scanner`, scanner.ts);
 *   the app takes part once it listens (`onScan`), the welcome carries the wedge's rules.
 */
export const CAPABILITIES = ['outbox', 'session-end', 'navigate', 'visibility', 'scanner'] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** What a shell of version 1 (no handshake) offers every frame: the outbox and session end existed then. */
export const VERSION_1_CAPABILITIES: readonly Capability[] = ['outbox', 'session-end'];

/** What an app knows of its shell once the handshake is over. Version 0: not embedded by the shell at all. */
export interface ShellInfo {
  version: number;
  capabilities: readonly Capability[];
  /** How the device's scanner types (wedge.ts), when the shell offers `scanner`. */
  scanner?: WedgeRules;
}

/**
 * What the client's extensions (the outbox, `./outbox`; the scanner, `./scanner`) build on: the client's
 * `port`. Not for apps; its shape may change in a minor release.
 */
export interface FramePort {
  /** Posts a message to the shell's origin; throws when not embedded by the shell. */
  send(message: { protocol: typeof PROTOCOL; type: string }): void;
  /** The shell's origin (window.name's), undefined when not embedded by the shell. */
  parentOrigin: string | undefined;
  connected: Promise<ShellInfo>;
  supports(capability: Capability): boolean;
  take(capability: Capability): void;
  leave(capability: Capability): void;
}

/**
 * Makes an extension of the client (the outbox, the scanner) once per client: a second call for the same
 * client hands back the first, so its listeners and requests stay one set.
 */
export function oncePerClient<T>(open: (port: FramePort) => T): (client: { port: FramePort }) => T {
  const made = new WeakMap<{ port: FramePort }, T>();
  return (client) => {
    if (!made.has(client)) made.set(client, open(client.port));
    return made.get(client) as T;
  };
}

export interface HelloMessage {
  protocol: typeof PROTOCOL;
  type: 'hello';
  version: number;
  capabilities: Capability[];
}

export interface WelcomeMessage {
  protocol: typeof PROTOCOL;
  type: 'welcome';
  version: number;
  capabilities: Capability[];
  /** With `scanner` offered: the rules the app recognises bursts in its own document by. */
  scanner?: WedgeRules;
}

/** The shell's welcome: what it offers this frame, with the wedge's rules whenever it offers the scanner. */
export function welcomeMessage(version: number, capabilities: Capability[], wedge: WedgeRules): WelcomeMessage {
  return { protocol: PROTOCOL, type: 'welcome', version, capabilities, ...(capabilities.includes('scanner') && { scanner: wedge }) };
}

/** Bounds on what either side reads: a version is a small positive integer, a list has at most this many names. */
const MAX_VERSION = 1000;
const MAX_CAPABILITIES = 64;

const isVersion = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_VERSION;

/**
 * The capabilities this side knows among those another side named. A newer side may name capabilities
 * this one does not know: they are left out, never a reason to refuse the message.
 */
export function knownCapabilities(value: unknown): Capability[] | null {
  if (!Array.isArray(value) || value.length > MAX_CAPABILITIES) return null;
  const known = value.filter((name): name is Capability => (CAPABILITIES as readonly unknown[]).includes(name));
  return [...new Set(known)];
}

/** Validates a 'hello' (the shell's side) or a 'welcome' (the app's side), as `type` says; null for anything else. */
export function parseHandshake<T extends HelloMessage | WelcomeMessage>(data: Record<string, unknown>, type: T['type']): T | null {
  const capabilities = knownCapabilities(data.capabilities);
  return data.type === type && isVersion(data.version) && capabilities ? ({ protocol: PROTOCOL, type, version: data.version, capabilities } as T) : null;
}

/** How long an app waits for the welcome of a shell that said it speaks the handshake, before it takes version 1's capabilities. */
export const WELCOME_TIMEOUT_MS = 3000;

/**
 * The app's side: says hello (coalesced per task, so what the app registers while it starts goes in the
 * first one) and resolves `connected` with the shell's answer. `shellVersion` is what window.name says:
 * absent (a version 1 shell) resolves at once with version 1's capabilities.
 */
export function createHandshake(send: ((message: HelloMessage) => void) | null, parentOrigin: string | undefined, shellVersion: unknown) {
  const taken = new Set<Capability>();
  let info: ShellInfo | null = null;
  let settle: (info: ShellInfo) => void = () => undefined;
  const connected = new Promise<ShellInfo>((resolve) => (settle = resolve));
  const known = (next: ShellInfo) => {
    info = next;
    settle(next);
  };

  const speaksHandshake = send !== null && parentOrigin !== undefined && isVersion(shellVersion) && shellVersion >= 2;
  let helloDue = false;
  const sayHello = () => {
    if (!speaksHandshake || helloDue) return;
    helloDue = true;
    queueMicrotask(() => {
      helloDue = false;
      send({ protocol: PROTOCOL, type: 'hello', version: PROTOCOL_VERSION, capabilities: [...taken] });
    });
  };

  if (!send || !parentOrigin) known({ version: 0, capabilities: [] });
  else if (!speaksHandshake) known({ version: 1, capabilities: VERSION_1_CAPABILITIES });
  else {
    addEventListener('message', (event: MessageEvent) => {
      if (event.origin !== parentOrigin || !isRecord(event.data) || event.data.protocol !== PROTOCOL) return;
      const welcome = parseHandshake<WelcomeMessage>(event.data, 'welcome');
      const scanner = welcome?.capabilities.includes('scanner') ? parseWedgeRules(event.data.scanner) : null;
      if (welcome) known({ version: welcome.version, capabilities: welcome.capabilities, ...(scanner ? { scanner } : {}) });
    });
    setTimeout(() => {
      if (!info) known({ version: 1, capabilities: VERSION_1_CAPABILITIES });
    }, WELCOME_TIMEOUT_MS);
    sayHello();
  }

  return {
    connected,
    /** Whether the shell offers `capability` to this frame; false until `connected` has resolved. */
    supports: (capability: Capability): boolean => info?.capabilities.includes(capability) ?? false,
    /** The app takes part in `capability` from now on: the shell is told (again) in a hello. */
    take(capability: Capability): void {
      if (taken.has(capability)) return;
      taken.add(capability);
      sayHello();
    },
    /** The app no longer takes part in `capability` (its last listener went): the shell is told in a hello. */
    leave(capability: Capability): void {
      if (taken.delete(capability)) sayHello();
    },
  };
}
