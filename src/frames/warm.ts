import { readStored, writeStored } from '../storage/local.ts';
import { layoutWidth, TABLET_WIDTH } from '../ui/breakpoints.ts';
import { whenIdle } from '../ui/idle.ts';
import type { FramePool, FrameSpec } from './pool-store.ts';
import { FRAME_ALLOW, frameWindowName } from './settings.ts';

/**
 * Warm apps (README "Frame protocol: routing in place and warm frames"): once the first screen is idle,
 * the entry routes of the apps this person opens most are loaded into hidden, inert frames of the pool,
 * so that a menu tap to them shows a drawn page (or moves it in place). Part of the pool's part after the
 * first screen (after-idle.ts): none of it is on the start's path.
 *
 * "Most" is a count of opens per route, kept on the device for the signed-in person (a value of the
 * person: logout and End shift remove it, storage/keys.ts). An app's entry route is the route of it
 * the person opens most.
 */

/** What the device says of itself (Network Information, Device Memory: Chromium's; absent elsewhere). */
export interface DeviceFacts {
  saveData?: boolean;
  /** '4g', '3g', '2g' or 'slow-2g'. */
  effectiveType?: string;
  /** GB, rounded by the browser (0.25 … 8). */
  deviceMemory?: number;
  online: boolean;
  /** The shell's offline mode: only routes that work offline open (the gate), so only they are warmed. */
  offlineMode: boolean;
}

/**
 * Whether this device and connection allow loading apps ahead: not where memory is short (2 GB or less),
 * not on Save-Data or a 2G connection, and without a connection only in offline mode. Pure.
 */
export function mayWarm(facts: DeviceFacts): boolean {
  if (facts.deviceMemory !== undefined && facts.deviceMemory <= 2) return false;
  if (facts.saveData || facts.effectiveType === '2g' || facts.effectiveType === 'slow-2g') return false;
  return facts.online || facts.offlineMode;
}

export function deviceFacts(offlineMode: boolean): DeviceFacts {
  const nav = navigator as Navigator & { connection?: { saveData?: boolean; effectiveType?: string }; deviceMemory?: number };
  return { saveData: nav.connection?.saveData, effectiveType: nav.connection?.effectiveType, deviceMemory: nav.deviceMemory, online: nav.onLine, offlineMode };
}

/** The runtime config's warm budgets (`frames`). */
export interface WarmBudgets {
  warmHandheld: number;
  warmDesktop: number;
}

/** How many apps are kept warm at a layout width. Pure. */
export const warmBudget = (width: number, budgets: WarmBudgets): number => (width < TABLET_WIDTH ? budgets.warmHandheld : budgets.warmDesktop);

/** The person's opens, per portal path. */
export interface Opens {
  sub: string;
  routes: Record<string, number>;
}

/** At most this many routes are counted: the least opened make room (a bound on what the device keeps). */
export const MAX_COUNTED_ROUTES = 50;

export const isOpens = (value: unknown): value is Opens => {
  const opens = value as Opens | null;
  return (
    typeof opens?.sub === 'string' &&
    typeof opens.routes === 'object' &&
    opens.routes !== null &&
    !Array.isArray(opens.routes) &&
    Object.keys(opens.routes).length <= MAX_COUNTED_ROUTES &&
    Object.entries(opens.routes).every(([path, count]) => path.startsWith('/') && Number.isSafeInteger(count) && count > 0)
  );
};

/** `opens` with one more open of `path` by `sub` (another person's counts start afresh). Pure. */
export function countOpen(opens: Opens | undefined, sub: string, path: string): Opens {
  const routes = opens?.sub === sub ? { ...opens.routes } : {};
  routes[path] = (routes[path] ?? 0) + 1;
  const kept = Object.entries(routes).sort(([, a], [, b]) => b - a).slice(0, MAX_COUNTED_ROUTES);
  return { sub, routes: Object.fromEntries(kept) };
}

/**
 * The routes to warm, best first: the apps by their routes' opens together, each app's most opened route.
 * `appOf` is null for a route that cannot be opened now (taken away, offline, in an upgrade window). Pure.
 */
export function warmRoutes(routes: Readonly<Record<string, number>>, appOf: (path: string) => string | null): string[] {
  const apps = new Map<string, { total: number; entry: string; most: number }>();
  for (const [path, count] of Object.entries(routes)) {
    const app = appOf(path);
    if (app === null) continue;
    const seen = apps.get(app);
    if (!seen) apps.set(app, { total: count, entry: path, most: count });
    else {
      seen.total += count;
      if (count > seen.most) Object.assign(seen, { entry: path, most: count });
    }
  }
  return [...apps.values()].sort((a, b) => b.total - a.total).map((app) => app.entry);
}

/** What warming reads of the shell each time it acts: the person, where frames lead, the mode and the budgets. */
export interface WarmInput {
  sub: string;
  /** The frame the shell would show at `path` now, or null. */
  frameAt(path: string): FrameSpec | null;
  offlineMode: boolean;
  frames: WarmBudgets;
}

/** Loads `spec` ahead into a hidden frame when no frame of its app is alive and the pool has room; whether it did. */
function warmFrame(pool: FramePool, spec: FrameSpec): boolean {
  if (pool.getSnapshot().entries.some((entry) => entry.app === spec.app)) return false;
  return pool.add({
    key: spec.key,
    src: spec.src,
    app: spec.app,
    origin: spec.origin,
    title: spec.title,
    // The page knows from its first script that it is not shown (frame-client `visibility`).
    name: frameWindowName({ ...spec.settings, hidden: true }),
    sentSettings: frameWindowName(spec.settings),
    allow: FRAME_ALLOW,
    attempt: 0,
    status: 'loading',
    adopted: null,
    lastUsed: 0,
  });
}

/** Resolves once the frame at `key` has loaded (or failed, or left the pool). */
function settled(pool: FramePool, key: string): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      const entry = pool.getSnapshot().entries.find((candidate) => candidate.key === key);
      if (entry?.status === 'loading') return;
      stop();
      resolve();
    };
    const stop = pool.subscribe(check);
    check();
  });
}

/**
 * Counts the person's opens of frame routes from now on (the route shown now first) and warms their apps
 * once: one frame at a time, each after the previous one has loaded and the browser is idle again, so a
 * handheld's main thread is never given several documents at once. `stop()` ends it (the shell is leaving).
 */
export function startWarming(pool: FramePool, input: () => WarmInput) {
  let stopped = false;
  const opened = (path: string) => writeStored('frameOpens', countOpen(readStored('frameOpens', isOpens), input().sub, path));
  const idle = () => new Promise<void>((resolve) => whenIdle(resolve));
  const warm = async () => {
    const { sub, frameAt, offlineMode, frames } = input();
    if (!mayWarm(deviceFacts(offlineMode))) return;
    const opens = readStored('frameOpens', isOpens);
    if (opens?.sub !== sub) return;
    const live = new Set(pool.getSnapshot().entries.map((entry) => entry.app));
    const paths = warmRoutes(opens.routes, (path) => {
      const spec = frameAt(path);
      return spec && !live.has(spec.app) ? spec.app : null;
    });
    let left = warmBudget(layoutWidth(), frames);
    for (const path of paths) {
      const spec = input().frameAt(path);
      if (stopped || left <= 0) return;
      if (!spec || !warmFrame(pool, spec)) continue;
      left--;
      await settled(pool, spec.key);
      await idle();
    }
  };
  if (pool.getSnapshot().activeKey !== null) opened(location.pathname);
  void warm();
  return {
    opened,
    stop: () => void (stopped = true),
  };
}

export type Warming = ReturnType<typeof startWarming>;
