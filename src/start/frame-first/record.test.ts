import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameFirstFrame, FrameFirstRecord } from './rules.ts';
import { recordShownFrame, stampFrameFirst, type SnapshotStamp } from './record.ts';

const stamp = (change: Partial<SnapshotStamp> = {}): SnapshotStamp => ({
  sub: 'staff-0002',
  version: '1.0.0-a',
  savedAt: 1_000,
  maxAgeMs: 60_000,
  userEntry: 'oidc.user:http://id:portal',
  ...change,
});
const frame = (path: string, change: Partial<FrameFirstFrame> = {}): FrameFirstFrame => ({
  path,
  key: path,
  src: `http://apps.localhost${path}`,
  name: '{}',
  title: path,
  allow: 'fullscreen',
  closed: [],
  box: { top: 1, right: 2, bottom: 3, left: 4, wide: true },
  picture: null,
  ...change,
});
const stored = () => JSON.parse(localStorage.getItem('frameFirst') ?? 'null') as FrameFirstRecord | null;
/** `sub` signed in, as the sign-in library stores them. */
const signIn = (sub: string) => localStorage.setItem(stamp().userEntry, JSON.stringify({ access_token: 't', expires_at: 2_000_000_000, profile: { sub } }));

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  signIn('staff-0002');
});
afterEach(() => localStorage.clear());

describe('the frame-first record', () => {
  it('is not stamped for a person who left while their snapshot was saved: signed out, or another person signed in', () => {
    localStorage.removeItem(stamp().userEntry);
    expect(stampFrameFirst(stamp())).toBe(false);
    expect(stored()).toBeNull();
    signIn('staff-0003');
    expect(stampFrameFirst(stamp())).toBe(false);
    expect(stored()).toBeNull();
  });

  it('takes the snapshot’s stamp with the stored choices, mode, language and sidebar it was drawn with', () => {
    localStorage.setItem('currentSeller', '2');
    localStorage.setItem('localization', '"en"');
    stampFrameFirst(stamp());
    expect(stored()).toEqual({
      ...stamp(),
      stored: { currentPlatform: null, currentSeller: '2', currentSite: null, isOnlineMode: null, localization: '"en"', sidebarCollapsed: null },
      frames: [],
    });
  });

  it('keeps its routes across a new stamp of the same user and release, and drops anyone else’s', () => {
    expect(stampFrameFirst(stamp())).toBe(true);
    recordShownFrame('staff-0002', () => frame('/a'), (kept) => kept);
    expect(stampFrameFirst(stamp({ savedAt: 2_000 }))).toBe(false);
    expect(stored()?.frames.map((kept) => kept.path)).toEqual(['/a']);
    signIn('staff-0003');
    expect(stampFrameFirst(stamp({ sub: 'staff-0003' }))).toBe(true);
    expect(stored()?.frames).toEqual([]);
    recordShownFrame('staff-0003', () => frame('/b'), (kept) => kept);
    expect(stampFrameFirst(stamp({ sub: 'staff-0003', version: '1.0.1-b' }))).toBe(true);
    expect(stored()?.frames).toEqual([]);
  });

  it('records shown routes only for the user whose snapshot it stamps', () => {
    recordShownFrame('staff-0002', () => frame('/a'), (kept) => kept);
    expect(stored()).toBeNull();
    stampFrameFirst(stamp());
    recordShownFrame('staff-0009', () => frame('/a'), (kept) => kept);
    expect(stored()?.frames).toEqual([]);
  });

  it('re-derives the kept routes as it records the shown one', () => {
    stampFrameFirst(stamp());
    recordShownFrame('staff-0002', () => frame('/a'), (kept) => kept);
    recordShownFrame('staff-0002', () => frame('/b'), (kept) => kept);
    recordShownFrame('staff-0002', () => frame('/c'), (kept) => (kept.path === '/a' ? null : kept));
    expect(stored()?.frames.map((kept) => kept.path)).toEqual(['/c', '/b']);
  });

  it('shows the shown route’s maker the routes it keeps, most recent first', () => {
    stampFrameFirst(stamp());
    recordShownFrame('staff-0002', () => frame('/a'), (kept) => kept);
    recordShownFrame('staff-0002', () => frame('/b'), (kept) => kept);
    const shown = vi.fn(() => frame('/c'));
    recordShownFrame('staff-0002', shown, (kept) => kept);
    expect(shown).toHaveBeenCalledWith([frame('/b'), frame('/a')]);
  });

  it('an invalid stored record is discarded and reported, and a new stamp replaces it', () => {
    localStorage.setItem('frameFirst', '{"sub":');
    recordShownFrame('staff-0002', () => frame('/a'), (kept) => kept);
    expect(localStorage.getItem('frameFirst')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('"frameFirst"'));
    stampFrameFirst(stamp());
    expect(stored()?.sub).toBe('staff-0002');
  });
});
