import { lockDue } from '../../shared-device/lock-due.ts';
import { TABLET_WIDTH } from '../../ui/breakpoints.ts';
import { isShellPicture, type ShellPicture } from '../picture/shape.ts';

/**
 * Frame first: on a start with a usable snapshot, the start frame's document is requested
 * by the boot step (src/frame-first.ts) before the framework's bundle runs, and the shell adopts that
 * frame when it draws. Pure rules shared by both sides, so the boot step never has its own copy:
 *
 * - The shell writes a **frame-first record** beside its snapshot: who and what it was drawn for,
 *   and, for the last routes it showed, the frame exactly as its frame pool created it (address,
 *   window.name, title, permissions policy), the upgrade windows that close the route to this user,
 *   where the frame sat, and a picture of the shell around it. The address and settings are the shell's own (shell-model.ts), and a
 *   route is written only while the snapshot allows it, so the record carries the snapshot's gating.
 * - The boot step **plans** from that record and what is stored now: the same user signed in with a
 *   valid token, the same release, the snapshot's age, the same stored choices, mode and language,
 *   online, the route of the address, no upgrade window open now. Anything else: today's path.
 *
 * Validated by hand, not with the portal's schema library: the boot step must stay a few KB and
 * run before the framework chunk (which holds that library) has arrived.
 */

/** The values a start is drawn from, by storage name, raw as stored (null: absent). */
export type StoredValues = Readonly<Record<string, string | null>>;

/**
 * Where the frame sat, as distances from the viewport's edges in CSS pixels, and on which side of the
 * tablet width the viewport was: the shell's layout (sidebar beside the content, or a drawer) and so
 * the distances differ across it, and hold for any viewport on the same side.
 */
export interface FrameBox {
  top: number;
  right: number;
  bottom: number;
  left: number;
  wide: boolean;
}

export interface FrameFirstFrame {
  /** The portal address (pathname and query) the frame was drawn for. */
  path: string;
  /** The frame pool's key, address and settings, as the shell created the frame. */
  key: string;
  src: string;
  /** window.name: the frame's settings as JSON. */
  name: string;
  title: string;
  allow: string;
  /** Upgrade windows that send this user away from the route, [start, end) in epoch ms. */
  closed: Array<[number, number]>;
  box: FrameBox;
  /** The shell's own frame around it as it was drawn (picture/draw.ts), or null. */
  picture: ShellPicture | null;
}

export interface FrameFirstRecord {
  /** The signed-in user the snapshot belongs to. */
  sub: string;
  /** The release that drew it: another release may build other addresses. */
  version: string;
  /** When the snapshot was saved, and the age past which a start does not draw it (runtime config). */
  savedAt: number;
  maxAgeMs: number;
  /** The sign-in library's stored user (its name holds the provider and client, known only from the config). */
  userEntry: string;
  /** The stored choices, mode and language the shell was drawn with (STORED_FOR_FRAME_FIRST). */
  stored: StoredValues;
  /** Most recently shown first, at most MAX_FRAME_FIRST_ROUTES. */
  frames: FrameFirstFrame[];
}

/** Routes kept in the record: the pool's size on a desktop; a start opens one of the last few. */
export const MAX_FRAME_FIRST_ROUTES = 6;

/** Storage names of the values that change what the start draws (platform, seller, site, mode, language, sidebar). */
export const STORED_FOR_FRAME_FIRST = ['currentPlatform', 'currentSeller', 'currentSite', 'isOnlineMode', 'localization', 'sidebarCollapsed'] as const;

export type FrameFirstSkip =
  | 'no-record'
  | 'unsupported'
  | 'offline'
  | 'other-release'
  | 'stale'
  | 'signed-out'
  | 'other-user'
  | 'token-expired'
  | 'other-choice'
  | 'no-frame'
  | 'other-layout'
  | 'closed'
  | 'locked';

/**
 * `frame`: the start frame is created now, under the picture. `picture`: only the picture is drawn; the
 * shell draws first and creates the frame in its render (a handheld on a fast network, see planFrameFirst).
 */
export type FrameFirstPlan = { kind: 'frame' | 'picture'; frame: FrameFirstFrame } | { kind: 'none'; reason: FrameFirstSkip };

/**
 * A round trip this short (NetInfo's estimate, which it rounds to 50 ms) is a fast network: Wi-Fi or good
 * 4G, not Lighthouse's slow 4G (150 ms).
 */
const FAST_NETWORK_RTT_MS = 100;

export interface FrameFirstInput {
  record: FrameFirstRecord | null;
  /** The address being opened (pathname and query). */
  path: string;
  now: number;
  version: string;
  /** Raw stored text by storage name (the sign-in entry and STORED_FOR_FRAME_FIRST). */
  read(name: string): string | null;
  online: boolean;
  /** Whether the browser moves an iframe without reloading it (Element.moveBefore). */
  canMoveFrames: boolean;
  /** The viewport's width now (CSS pixels). */
  viewportWidth: number;
  /** The network's round trip as the browser estimates it (NetInfo `rtt`, ms); null where it does not say. */
  networkRtt: number | null;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isBox = (value: unknown): value is FrameBox =>
  isRecord(value) && (['top', 'right', 'bottom', 'left'] as const).every((edge) => typeof value[edge] === 'number' && Number.isFinite(value[edge])) && typeof value.wide === 'boolean';
const isWindow = (value: unknown): value is [number, number] => Array.isArray(value) && value.length === 2 && isTime(value[0]) && isTime(value[1]);

function isFrame(value: unknown): value is FrameFirstFrame {
  return (
    isRecord(value) &&
    (['path', 'key', 'src', 'name', 'title', 'allow'] as const).every((field) => isText(value[field])) &&
    (value.path as string).startsWith('/') &&
    /^https?:\/\//.test(value.src as string) &&
    Array.isArray(value.closed) &&
    value.closed.every(isWindow) &&
    isBox(value.box) &&
    (value.picture === null || isShellPicture(value.picture))
  );
}

/** A stored record as the shell wrote it, or false for anything else (corrupt, hostile or of an older shape). */
export function isFrameFirstRecord(value: unknown): value is FrameFirstRecord {
  return (
    isRecord(value) &&
    isText(value.sub) &&
    value.sub !== '' &&
    isText(value.version) &&
    isTime(value.savedAt) &&
    isTime(value.maxAgeMs) &&
    isText(value.userEntry) &&
    isRecord(value.stored) &&
    Object.values(value.stored).every((stored) => stored === null || isText(stored)) &&
    Array.isArray(value.frames) &&
    value.frames.length <= MAX_FRAME_FIRST_ROUTES &&
    value.frames.every(isFrame)
  );
}

/** The stored record's text → the record, or null when absent or invalid (the shell discards and reports it). */
export function parseFrameFirstRecord(raw: string | null): FrameFirstRecord | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isFrameFirstRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user from the sign-in library's entry, read without the library or its schema (the
 * boot step stays small; the session's own read validates the entry whole): the subject, the token's
 * expiry (epoch seconds), the access token (null when there is none to use) and the profile's claims.
 */
export function storedSignIn(raw: string | null): { sub: string; expiresAt: number; accessToken: string | null; profile: Record<string, unknown> } | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!isRecord(value) || !isRecord(value.profile) || !isText(value.profile.sub) || !isTime(value.expires_at)) return null;
    const accessToken = isText(value.access_token) && value.access_token !== '' ? value.access_token : null;
    return { sub: value.profile.sub, expiresAt: value.expires_at, accessToken, profile: value.profile };
  } catch {
    return null;
  }
}

/**
 * Whether the boot step creates the start frame, and which: only when the shell will draw this
 * route from this user's snapshot at once, so the frame it adopts is the one it would create.
 */
export function planFrameFirst({ record, path, now, version, read, online, canMoveFrames, viewportWidth, networkRtt }: FrameFirstInput): FrameFirstPlan {
  const none = (reason: FrameFirstSkip): FrameFirstPlan => ({ kind: 'none', reason });
  if (!record) return none('no-record');
  // Without a move that keeps the document, adopting would load the page twice.
  if (!canMoveFrames) return none('unsupported');
  // Offline the shell draws a reduced menu with offline settings: its own path.
  if (!online) return none('offline');
  if (record.version !== version) return none('other-release');
  if (!(now - record.savedAt >= 0 && now - record.savedAt <= record.maxAgeMs)) return none('stale');
  const signIn = storedSignIn(read(record.userEntry));
  if (!signIn) return none('signed-out');
  if (signIn.sub !== record.sub) return none('other-user');
  // An ended token is renewed before anything is drawn, and a refused renewal goes to sign-in.
  if (signIn.expiresAt * 1000 <= now) return none('token-expired');
  if (STORED_FOR_FRAME_FIRST.some((name) => read(name) !== (record.stored[name] ?? null))) return none('other-choice');
  const frame = record.frames.find((candidate) => candidate.path === path);
  if (!frame) return none('no-frame');
  // A phone turned or a window resized across the tablet width: the shell would move and resize the
  // frame, and the page in it would reflow under the user's eyes.
  if (frame.box.wide !== isWide(viewportWidth)) return none('other-layout');
  if (frame.closed.some(([start, end]) => start <= now && now < end)) return none('closed');
  // A shared device's locked shift shows nothing of the work, not even for a moment.
  if (lockDue(read, now)) return none('locked');
  // A handheld (below the tablet width) on a fast network: the page would arrive long before the shell
  // has drawn, and its document's work would only run ahead of the shell's on the one main thread (at
  // CPU 4× the repeat start took 1.15× the first start). There the shell draws first and creates the
  // frame in its render. Frame first pays where the page is on the network while the shell's code runs
  // (a slow network) or where the CPU is not what a start waits on (a wide screen).
  const shellFirst = !frame.box.wide && networkRtt !== null && networkRtt <= FAST_NETWORK_RTT_MS;
  return { kind: shellFirst ? 'picture' : 'frame', frame };
}

/**
 * The record with `frame` as the most recent route (replacing its earlier entry), at most
 * MAX_FRAME_FIRST_ROUTES kept; `allowed` re-derives every other kept route under the shell's current
 * access (null: no longer allowed or no longer a frame, so it is dropped).
 */
export function withShownFrame(
  frames: readonly FrameFirstFrame[],
  frame: FrameFirstFrame | null,
  allowed: (kept: FrameFirstFrame) => FrameFirstFrame | null,
): FrameFirstFrame[] {
  const others = frames.filter((kept) => kept.path !== frame?.path).flatMap((kept) => allowed(kept) ?? []);
  return (frame ? [frame, ...others] : others).slice(0, MAX_FRAME_FIRST_ROUTES);
}

const isWide = (viewportWidth: number) => viewportWidth >= TABLET_WIDTH;

/** The box of `rect` in a viewport of `width` × `height`. */
export function frameBox(rect: { top: number; left: number; width: number; height: number }, width: number, height: number): FrameBox {
  const round = (value: number) => Math.round(value * 100) / 100;
  return { top: round(rect.top), left: round(rect.left), right: round(width - rect.left - rect.width), bottom: round(height - rect.top - rect.height), wide: isWide(width) };
}
