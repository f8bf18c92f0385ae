import { describe, expect, it } from 'vitest';
import {
  frameBox,
  isFrameFirstRecord,
  MAX_FRAME_FIRST_ROUTES,
  parseFrameFirstRecord,
  planFrameFirst,
  withShownFrame,
  type FrameFirstFrame,
  type FrameFirstInput,
  type FrameFirstRecord,
} from './rules.ts';

const NOW = Date.parse('2026-11-24T08:00:00Z');
const USER_ENTRY = 'oidc.user:http://id.localhost:4000:staff-portal';

const frame = (path: string, change: Partial<FrameFirstFrame> = {}): FrameFirstFrame => ({
  path,
  key: path,
  src: `http://apps.localhost:4200/dpos${path}`,
  name: JSON.stringify({ title: path }),
  title: 'Orders',
  allow: 'clipboard-write; fullscreen',
  closed: [],
  box: { top: 64, right: 0, bottom: 0, left: 280, wide: true },
  picture: null,
  ...change,
});

const record = (change: Partial<FrameFirstRecord> = {}): FrameFirstRecord => ({
  sub: 'staff-0002',
  version: '2.77.0-abc',
  savedAt: NOW - 60_000,
  maxAgeMs: 12 * 3_600_000,
  userEntry: USER_ENTRY,
  stored: { currentSeller: '2', localization: '"en"' },
  frames: [frame('/dpos/orders'), frame('/')],
  ...change,
});

const signedIn = (sub = 'staff-0002', expiresAt = NOW / 1000 + 3600) => JSON.stringify({ access_token: 't', expires_at: expiresAt, profile: { sub } });

function input(change: Partial<FrameFirstInput> = {}, stored: Record<string, string | null> = {}): FrameFirstInput {
  const values: Record<string, string | null> = { [USER_ENTRY]: signedIn(), currentSeller: '2', localization: '"en"', ...stored };
  return {
    record: record(),
    path: '/dpos/orders',
    now: NOW,
    version: '2.77.0-abc',
    read: (name) => values[name] ?? null,
    online: true,
    canMoveFrames: true,
    viewportWidth: 1280,
    networkRtt: null,
    ...change,
  };
}

describe('planFrameFirst', () => {
  it('creates the frame recorded for the address when everything the shell draws from is as it was', () => {
    expect(planFrameFirst(input())).toEqual({ kind: 'frame', frame: frame('/dpos/orders') });
    expect(planFrameFirst(input({ path: '/' }))).toEqual({ kind: 'frame', frame: frame('/') });
  });

  it.each([
    ['no record', input({ record: null }), 'no-record'],
    ['a browser that cannot move a frame without reloading it', input({ canMoveFrames: false }), 'unsupported'],
    ['no connection', input({ online: false }), 'offline'],
    ['another release', input({ version: '2.78.0-def' }), 'other-release'],
    ['a snapshot past its age', input({ now: NOW + 12 * 3_600_000 }), 'stale'],
    ['a snapshot from the future (clock moved back)', input({ now: NOW - 120_000 }), 'stale'],
    ['nobody signed in', input({}, { [USER_ENTRY]: null }), 'signed-out'],
    ['a corrupt sign-in entry', input({}, { [USER_ENTRY]: '{"profile":' }), 'signed-out'],
    ['a sign-in entry without a subject', input({}, { [USER_ENTRY]: JSON.stringify({ expires_at: NOW / 1000 + 60, profile: {} }) }), 'signed-out'],
    ['another user signed in', input({}, { [USER_ENTRY]: signedIn('staff-0003') }), 'other-user'],
    ['an access token that has ended', input({}, { [USER_ENTRY]: signedIn('staff-0002', NOW / 1000) }), 'token-expired'],
    ['another seller chosen since', input({}, { currentSeller: '3' }), 'other-choice'],
    ['a site chosen since', input({}, { currentSite: '101' }), 'other-choice'],
    ['the language changed since', input({}, { localization: '"vi"' }), 'other-choice'],
    ['offline mode chosen since', input({}, { isOnlineMode: 'false' }), 'other-choice'],
    ['an address without a recorded frame (a 403, a shell page, a route never shown)', input({ path: '/warehousing/master-data/warehouses' }), 'no-frame'],
    ['the same path with another query', input({ path: '/dpos/orders?status=new' }), 'no-frame'],
    ['a viewport now below the tablet width (a box measured beside the sidebar)', input({ viewportWidth: 767 }), 'other-layout'],
    ['a viewport now from the tablet width up (a box measured on a phone)', input({ record: record({ frames: [frame('/dpos/orders', { box: { top: 56, right: 0, bottom: 0, left: 0, wide: false } })] }) }), 'other-layout'],
    ['an upgrade window open now', input({ record: record({ frames: [frame('/dpos/orders', { closed: [[NOW - 1, NOW + 1]] })] }) }), 'closed'],
    ['a shared device whose shift is locked', input({}, { sharedDeviceShift: JSON.stringify({ lockedAt: NOW - 1000, lockAfterMs: 300_000 }) }), 'locked'],
    [
      'a shared device idle past its lock time since the page was last open',
      input({}, { sharedDeviceShift: JSON.stringify({ lockedAt: null, lockAfterMs: 300_000 }), sharedDeviceActivity: String(NOW - 300_000) }),
      'locked',
    ],
  ] as const)('creates none for %s', (_, given, reason) => {
    expect(planFrameFirst(given)).toEqual({ kind: 'none', reason });
  });

  const handheld = (networkRtt: number | null) =>
    input({ viewportWidth: 360, networkRtt, record: record({ frames: [frame('/dpos/orders', { box: { top: 56, right: 0, bottom: 0, left: 0, wide: false } })] }) });

  it.each([
    ['a handheld on a fast network (NetInfo: 100 ms, its estimate with no traffic seen)', handheld(100), 'picture'],
    ['a handheld on Wi-Fi (50 ms)', handheld(50), 'picture'],
    ['a handheld on loopback (0 ms)', handheld(0), 'picture'],
    ['a handheld on a slow network (Lighthouse’s slow 4G: 150 ms)', handheld(150), 'frame'],
    ['a handheld whose browser gives no estimate', handheld(null), 'frame'],
    ['a wide screen on a fast network', input({ networkRtt: 0 }), 'frame'],
  ] as const)('on %s the plan is %s', (_, given, kind) => {
    const plan = planFrameFirst(given);
    expect(plan.kind).toBe(kind);
    expect(plan.kind !== 'none' && plan.frame.path).toBe('/dpos/orders');
  });

  it('creates the frame on a shared device touched within its lock time, or whose shift cannot be read', () => {
    const shift = JSON.stringify({ lockedAt: null, lockAfterMs: 300_000 });
    expect(planFrameFirst(input({}, { sharedDeviceShift: shift, sharedDeviceActivity: String(NOW - 60_000) })).kind).toBe('frame');
    expect(planFrameFirst(input({}, { sharedDeviceShift: '{"lockedAt":', sharedDeviceActivity: String(NOW - 600_000) })).kind).toBe('frame');
  });

  it('creates the frame outside its upgrade windows ([start, end))', () => {
    const windowed = record({ frames: [frame('/dpos/orders', { closed: [[NOW + 1, NOW + 60_000], [NOW - 60_000, NOW]] })] });
    expect(planFrameFirst(input({ record: windowed })).kind).toBe('frame');
  });
});

describe('parseFrameFirstRecord', () => {
  it('reads a record the shell wrote', () => {
    expect(parseFrameFirstRecord(JSON.stringify(record()))).toEqual(record());
    const pictured = record({ frames: [frame('/x', { picture: { drawnFor: 'm', width: 1280, height: 800, background: '#fff', boxes: [{ left: 0, top: 0, width: 280, height: 800, background: 'rgb(1, 2, 3)' }] } })] });
    expect(parseFrameFirstRecord(JSON.stringify(pictured))).toEqual(pictured);
  });

  it.each([
    ['absent', null],
    ['not JSON', '{"sub":'],
    ['a string', '"x"'],
    ['an array', '[]'],
    ['an empty subject', JSON.stringify(record({ sub: '' }))],
    ['a stored value that is not text', JSON.stringify({ ...record(), stored: { currentSeller: 2 } })],
    ['a frame at a javascript: address', JSON.stringify(record({ frames: [frame('/x', { src: 'javascript:alert(1)' })] }))],
    ['a frame path that is not a portal path', JSON.stringify(record({ frames: [frame('//evil.example/x')].map((f) => ({ ...f, path: 'evil' })) }))],
    ['a window that is not two times', JSON.stringify(record({ frames: [{ ...frame('/x'), closed: [[1]] as unknown as [number, number][] }] }))],
    ['a picture with a box that is not one', JSON.stringify(record({ frames: [frame('/x', { picture: { drawnFor: 'm', width: 1, height: 1, background: '#fff', boxes: [{ left: 'x' }] } as never })] }))],
    ['a box without its side of the tablet width', JSON.stringify(record({ frames: [{ ...frame('/x'), box: { top: 0, right: 0, bottom: 0, left: 0 } as FrameFirstFrame['box'] }] }))],
    ['a box without an edge', JSON.stringify(record({ frames: [{ ...frame('/x'), box: { top: 0 } as FrameFirstFrame['box'] }] }))],
    ['more routes than are kept', JSON.stringify(record({ frames: Array.from({ length: MAX_FRAME_FIRST_ROUTES + 1 }, (_, index) => frame(`/r${index}`)) }))],
  ])('reads %s as none', (_, raw) => {
    expect(parseFrameFirstRecord(raw)).toBeNull();
  });

  it('isFrameFirstRecord rejects what is not an object', () => {
    for (const value of [null, undefined, 42, 'x', [], true]) expect(isFrameFirstRecord(value)).toBe(false);
  });
});

describe('withShownFrame', () => {
  const same = (kept: FrameFirstFrame) => kept;

  it('puts the shown route first, replacing its earlier entry', () => {
    const frames = withShownFrame([frame('/a'), frame('/b')], frame('/b', { title: 'new' }), same);
    expect(frames.map((kept) => [kept.path, kept.title])).toEqual([['/b', 'new'], ['/a', 'Orders']]);
  });

  it('keeps at most the pool of a desktop, the oldest leaving', () => {
    const many = Array.from({ length: MAX_FRAME_FIRST_ROUTES }, (_, index) => frame(`/r${index}`));
    const frames = withShownFrame(many, frame('/new'), same);
    expect(frames).toHaveLength(MAX_FRAME_FIRST_ROUTES);
    expect(frames[0]?.path).toBe('/new');
    expect(frames.map((kept) => kept.path)).not.toContain(`/r${MAX_FRAME_FIRST_ROUTES - 1}`);
  });

  it('drops every kept route the shell no longer allows, and the shown one when it has no frame', () => {
    const frames = withShownFrame([frame('/a'), frame('/b'), frame('/c')], null, (kept) => (kept.path === '/b' ? null : { ...kept, name: 'rederived' }));
    expect(frames.map((kept) => [kept.path, kept.name])).toEqual([['/a', 'rederived'], ['/c', 'rederived']]);
  });
});

describe('frameBox', () => {
  it('measures the distances from the viewport edges', () => {
    expect(frameBox({ top: 64, left: 280, width: 1000, height: 736 }, 1280, 800)).toEqual({ top: 64, left: 280, right: 0, bottom: 0, wide: true });
    expect(frameBox({ top: 10.123, left: 0, width: 100.5, height: 50 }, 200, 100)).toEqual({ top: 10.12, left: 0, right: 99.5, bottom: 39.88, wide: false });
  });

  it('says on which side of the tablet width the viewport was', () => {
    const rect = { top: 56, left: 0, width: 100, height: 100 };
    expect([767, 768].map((width) => frameBox(rect, width, 640).wide)).toEqual([false, true]);
  });
});
