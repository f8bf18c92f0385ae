import * as v from 'valibot';
import type { PermissionRequirement } from '../catalogue/types.ts';
import { meetsRequirement, type Grants } from '../gating/permissions.ts';

/**
 * Upgrade windows (shell.md §3, §4, §6, §9): pure rules, no React, no storage. Times are epoch
 * milliseconds; a window covers [start, end).
 */
export interface UpgradeWindow {
  /** Module path prefix ('/orders'); '/' is the whole system. */
  pathPrefix: string;
  start: number;
  end: number;
  /** The service's name as configured, shown when there is no translation for it. */
  service: string;
  /** i18n key of the service's name ('Upgrade.Warehouse'). */
  translationKey?: string;
}

/** The header counts down when a window starts within this time (shell.md §9). */
export const UPCOMING_WINDOW_MS = 2 * 60 * 60 * 1000;
export const UPGRADING_PATH = '/upgrading';
/** Staff back-end-for-frontend, upgrading process, bypass (shell.md §6). */
export const BYPASS_UPGRADE: PermissionRequirement = { app: 'staff-bff', resource: 'upgrading-process', action: 'bypass' };

const isoTime = v.pipe(v.string(), v.isoTimestamp());
const text = v.pipe(v.string(), v.minLength(1));
const entrySchema = v.object({
  pathPrefix: v.pipe(v.string(), v.regex(/^\/[\w/-]*$/)),
  from: isoTime,
  to: isoTime,
  service: text,
  translationKey: v.optional(text),
});

/**
 * The upgrade-time configuration → windows. Malformed entries and entries whose end is not after
 * their start are left out with a console warning: a bad entry must never stop the shell.
 */
export function parseUpgradeWindows(raw: unknown): UpgradeWindow[] {
  if (!Array.isArray(raw)) {
    console.warn('[maintenance] upgrade-time configuration is not a list; ignored', raw);
    return [];
  }
  return raw.flatMap((entry: unknown, index) => {
    const parsed = v.safeParse(entrySchema, entry);
    if (!parsed.success) {
      console.warn(`[maintenance] upgrade-time entry ${index} is malformed; ignored`, entry);
      return [];
    }
    const { pathPrefix, from, to, service, translationKey } = parsed.output;
    const window: UpgradeWindow = { pathPrefix, start: Date.parse(from), end: Date.parse(to), service, translationKey };
    if (window.end <= window.start) {
      console.warn(`[maintenance] upgrade-time entry ${index} ends before it starts; ignored`, entry);
      return [];
    }
    return [window];
  });
}

function isSystemWindow(window: UpgradeWindow): boolean {
  return window.pathPrefix === '/';
}

/** True when the window covers the module owning `path` (or the whole system). */
function coversPath(window: UpgradeWindow, path: string): boolean {
  if (isSystemWindow(window)) return true;
  const prefix = window.pathPrefix.replace(/\/+$/, '');
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Windows covering `path`, the whole-system ones first (they say more about what is down). */
function relevant(windows: readonly UpgradeWindow[], path: string): UpgradeWindow[] {
  return windows.filter((window) => coversPath(window, path)).sort((a, b) => Number(isSystemWindow(b)) - Number(isSystemWindow(a)));
}

/** The window `now` is inside, for the system or for the module owning `path`. */
export function activeWindow(windows: readonly UpgradeWindow[], path: string, now: number): UpgradeWindow | null {
  return relevant(windows, path).find((window) => window.start <= now && now < window.end) ?? null;
}

/** The next window for `path` that starts within two hours, the earliest first. */
export function upcomingWindow(windows: readonly UpgradeWindow[], path: string, now: number): UpgradeWindow | null {
  const soon = relevant(windows, path).filter((window) => window.start > now && window.start - now <= UPCOMING_WINDOW_MS);
  return soon.sort((a, b) => a.start - b.start)[0] ?? null;
}

/**
 * From when the header's upgrade item may have something to show, for any path (the item narrows it
 * to the page's): `now` while a window is open, else the earliest start of a countdown ahead; null
 * when no window is ahead.
 */
export function upgradeItemDueAt(windows: readonly UpgradeWindow[], now: number): number | null {
  let due: number | null = null;
  for (const window of windows) {
    if (window.end <= now) continue;
    const from = Math.max(now, window.start - UPCOMING_WINDOW_MS);
    if (due === null || from < due) due = from;
  }
  return due;
}

/** The bypass permission, matched like any other: exact, app:resource:all or app:all:all. */
export function canBypass(grants: Grants): boolean {
  return meetsRequirement(grants, BYPASS_UPGRADE);
}

/**
 * The window that sends a user on `path` to /upgrading now, or null (no window covers the path,
 * the user is already there, or may bypass maintenance).
 */
export function maintenanceRedirect(
  windows: readonly UpgradeWindow[],
  path: string,
  now: number,
  bypass: boolean,
): UpgradeWindow | null {
  return closingWindows(windows, path, bypass).find((window) => window.start <= now && now < window.end) ?? null;
}

/**
 * The windows that send a user on `path` to /upgrading while they are open: none on /upgrading
 * itself or for a user who may bypass maintenance.
 */
export function closingWindows(windows: readonly UpgradeWindow[], path: string, bypass: boolean): UpgradeWindow[] {
  return path === UPGRADING_PATH || bypass ? [] : relevant(windows, path);
}

export interface UpgradingQuery {
  start: number;
  end: number;
  serviceName: string;
}

/** /upgrading?upgradeStartTime=…&upgradeEndTime=…&serviceName=… (times as ISO 8601, UTC). */
export function upgradingUrl(window: UpgradeWindow, serviceName: string): string {
  const query = new URLSearchParams({
    upgradeStartTime: new Date(window.start).toISOString(),
    upgradeEndTime: new Date(window.end).toISOString(),
    serviceName,
  });
  return `${UPGRADING_PATH}?${query.toString()}`;
}

/** Reads the /upgrading query; missing, malformed or reversed values give null with a warning. */
export function parseUpgradingQuery(search: string): UpgradingQuery | null {
  const query = new URLSearchParams(search);
  const from = query.get('upgradeStartTime') ?? '';
  const to = query.get('upgradeEndTime') ?? '';
  const serviceName = query.get('serviceName')?.trim() ?? '';
  if (!v.safeParse(isoTime, from).success || !v.safeParse(isoTime, to).success || !serviceName) {
    console.warn('[maintenance] /upgrading query is malformed; ignored', search);
    return null;
  }
  const start = Date.parse(from);
  const end = Date.parse(to);
  if (end <= start) {
    console.warn('[maintenance] /upgrading query ends before it starts; ignored', search);
    return null;
  }
  return { start, end, serviceName };
}

/** Remaining time as HH:MM:SS, rounded up so the display reads 00:00:00 exactly at the end. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor(total / 60) % 60)}:${pad(total % 60)}`;
}
