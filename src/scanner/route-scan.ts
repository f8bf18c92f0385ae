import type { ScannerSettings } from '../config/schema.ts';

/**
 * Where a scan goes (README "Scanning"), pure. A scan is never lost silently: it reaches the lock
 * (only a badge counts there), the app of the visible frame when that app listens, scan to open, or a
 * notice naming it.
 */
export type ScanDestination = { kind: 'lock' } | { kind: 'frame' } | { kind: 'open'; path: string } | { kind: 'notice' };

export interface ScanSituation {
  /** The shared device is locked (or its shift ending). */
  locked: boolean;
  /** The visible frame's app takes scans (it listens, and the shell offered it the scanner). */
  appListens: boolean;
  /**
   * What the person asked for: the header's scan button is scan to open first; a wedge scan (or a
   * camera an app opened) serves the app first.
   */
  first: 'app' | 'open';
}

/** Scan to open's rules as the runtime config gives them, compiled once. */
export type OpenRules = readonly { pattern: RegExp; route: string }[];

export const compileOpenRules = (open: ScannerSettings['open']): OpenRules => open.map(({ pattern, route }) => ({ pattern: RegExp(pattern, 'u'), route }));

/**
 * The route the first matching rule opens: `{name}` in its route is the pattern's named group, as a
 * path segment or query value (encoded); a rule whose groups did not all match is passed over.
 */
export function openPathFor(text: string, rules: OpenRules): string | null {
  for (const { pattern, route } of rules) {
    const match = pattern.exec(text);
    if (!match) continue;
    const groups = match.groups ?? {};
    let complete = true;
    const path = route.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = groups[name];
      if (value === undefined || value === '') complete = false;
      return encodeURIComponent(value ?? '');
    });
    if (complete) return path;
  }
  return null;
}

export function scanDestination(text: string, situation: ScanSituation, rules: OpenRules): ScanDestination {
  if (situation.locked) return { kind: 'lock' };
  const path = openPathFor(text, rules);
  if (situation.appListens && (situation.first === 'app' || path === null)) return { kind: 'frame' };
  return path === null ? { kind: 'notice' } : { kind: 'open', path };
}
