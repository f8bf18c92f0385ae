import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL, PROTOCOL_VERSION, type FrameSettings } from '../../packages/frame-client/index.ts';
import { DEFAULT_WEDGE_RULES } from '../../packages/frame-client/wedge.ts';
import { listenToFrames, sendScan, sendSessionEnd, tellFrame, type KnownFrame, type MessengerHandlers } from './messenger.ts';

const ERP = 'http://erp.portal.localhost:4200';
const policy = { signInDomain: 'portal.localhost', localOrigins: [ERP], wedge: { ...DEFAULT_WEDGE_RULES, maxGapMs: 40 } };
const frameWindow = { postMessage: vi.fn() } as unknown as Window;
const frame: KnownFrame = { key: 'erp', origin: ERP, window: frameWindow };

function setup() {
  const handlers = {
    findFrame: vi.fn((source: MessageEventSource | null) => (source === frameWindow ? frame : null)),
    onHello: vi.fn(),
    onReady: vi.fn(),
    onRoute: vi.fn(),
    onEditing: vi.fn(),
    onLogout: vi.fn(),
    userData: vi.fn(() => ({ sub: 's', name: 'N', email: null, picture: null, accessToken: 'at', sellerId: 1, platformId: 1, siteId: null })),
    onRejected: vi.fn(),
    onOutbox: vi.fn(),
    onScanRequest: vi.fn(),
    onSessionEnded: vi.fn(),
  } satisfies MessengerHandlers;
  const stop = listenToFrames(handlers, policy);
  const post = (data: unknown, origin = ERP, source: unknown = frameWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
  return { handlers, stop, post };
}

let stops: (() => void)[] = [];
afterEach(() => {
  stops.forEach((stop) => stop());
  stops = [];
  vi.mocked(frameWindow.postMessage).mockClear();
});

describe('frame messenger', () => {
  it('handles the messages kept before it listened first, with the same checks (an adopted frame’s)', () => {
    const { handlers, stop } = setup();
    stop();
    const kept = [
      new MessageEvent('message', { data: { protocol: PROTOCOL, type: 'ready' }, origin: ERP, source: frameWindow }),
      new MessageEvent('message', { data: { protocol: PROTOCOL, type: 'ready' }, origin: 'http://evil.example', source: frameWindow }),
    ];
    stops.push(listenToFrames(handlers, policy, window, kept));
    expect(handlers.onReady).toHaveBeenCalledTimes(1);
    expect(handlers.onRejected).toHaveBeenCalledWith('wrong-origin', { protocol: PROTOCOL, type: 'ready' }, 'http://evil.example');
  });

  it('routes each message type from a known frame on its origin', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    post({ protocol: PROTOCOL, type: 'route', path: '/orders/seller' });
    post({ protocol: PROTOCOL, type: 'edit-start' });
    post({ protocol: PROTOCOL, type: 'edit-end' });
    post({ protocol: PROTOCOL, type: 'logout' });
    post({ protocol: PROTOCOL, type: 'ready' });
    expect(handlers.onReady).toHaveBeenCalledWith(frame);
    expect(handlers.onRoute).toHaveBeenCalledWith(frame, '/orders/seller', undefined);
    expect(handlers.onEditing.mock.calls).toEqual([
      [frame, true],
      [frame, false],
    ]);
    expect(handlers.onLogout).toHaveBeenCalledOnce();
    expect(handlers.onRejected).not.toHaveBeenCalled();
  });

  it('hears a frame say it cleared what it kept of the person who left, only from our frame on its origin', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    post({ protocol: PROTOCOL, type: 'session-ended' }, 'http://evil.localhost:4200');
    post({ protocol: PROTOCOL, type: 'session-ended' }, ERP, {});
    expect(handlers.onSessionEnded).not.toHaveBeenCalled();
    post({ protocol: PROTOCOL, type: 'session-ended' });
    expect(handlers.onSessionEnded).toHaveBeenCalledExactlyOnceWith(frame);
  });

  it('tells a frame the person left, on its origin only', () => {
    sendSessionEnd(frame);
    expect(frameWindow.postMessage).toHaveBeenCalledExactlyOnceWith({ protocol: PROTOCOL, type: 'session-end' }, ERP);
  });

  it('answers the user-data handshake to the exact origin', () => {
    const { stop, post } = setup();
    stops.push(stop);
    post({ protocol: PROTOCOL, type: 'user-data-request', requestId: 'r1' });
    expect(frameWindow.postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: 'user-data', requestId: 'r1' }), ERP);
  });

  it('ignores messages from windows that are not our frames', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    post({ protocol: PROTOCOL, type: 'logout' }, ERP, {});
    post({ protocol: PROTOCOL, type: 'user-data-request', requestId: 'x' }, ERP, null);
    expect(handlers.onLogout).not.toHaveBeenCalled();
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    expect(handlers.onRejected).toHaveBeenCalledTimes(2);
    expect(handlers.onRejected.mock.calls[0]![0]).toBe('unknown-source');
  });

  it('ignores our frame once it shows another origin (navigated away to a hostile page)', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    for (const origin of ['http://evil.localhost:4200', 'http://evilportal.localhost:4200']) {
      post({ protocol: PROTOCOL, type: 'logout' }, origin);
      post({ protocol: PROTOCOL, type: 'user-data-request', requestId: 'x' }, origin);
    }
    expect(handlers.onLogout).not.toHaveBeenCalled();
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    expect(handlers.onRejected.mock.calls.every(([reason]) => reason === 'wrong-origin')).toBe(true);
  });

  it('refuses user data to a frame outside the sign-in domain', () => {
    const { handlers, stop } = setup();
    stop(); // only the listener with the other sign-in domain remains
    stops.push(listenToFrames(handlers, { ...policy, signInDomain: 'other.example' }));
    window.dispatchEvent(new MessageEvent('message', { data: { protocol: PROTOCOL, type: 'user-data-request', requestId: 'r' }, origin: ERP, source: frameWindow }));
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    expect(handlers.onRejected).toHaveBeenCalledWith('untrusted-user-data-origin', expect.anything(), ERP);
  });

  it('random and hostile messages never throw and never change state', () => {
    const { handlers, stop } = setup();
    stops.push(stop);
    const hostile = fc.oneof(
      fc.anything(),
      fc.record({ protocol: fc.constant(PROTOCOL), type: fc.string(), path: fc.anything(), requestId: fc.anything() }),
      fc.record({ protocol: fc.string(), type: fc.constantFrom('route', 'logout', 'edit-start', 'user-data-request') }),
      fc.record({ protocol: fc.constant(PROTOCOL), type: fc.constant('route'), path: fc.oneof(fc.string(), fc.webUrl()) }).filter((m) => !String(m.path).startsWith('/')),
    );
    fc.assert(
      fc.property(hostile, fc.constantFrom(ERP, 'http://evil.localhost:4200', 'null'), fc.boolean(), (data, origin, fromFrame) => {
        const source = fromFrame && origin !== ERP ? frameWindow : ({} as Window);
        window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
      }),
    );
    expect(handlers.onRoute).not.toHaveBeenCalled();
    expect(handlers.onLogout).not.toHaveBeenCalled();
    expect(handlers.onEditing).not.toHaveBeenCalled();
    expect(handlers.onSessionEnded).not.toHaveBeenCalled();
    expect(handlers.onHello).not.toHaveBeenCalled();
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
  });

  it('welcomes a hello with its version and what it offers, and records what the page takes part in (names it does not know left out)', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    post({ protocol: PROTOCOL, type: 'hello', version: 7, capabilities: ['session-end', 'teleport', 'navigate', 'scanner'] });
    expect(handlers.onHello).toHaveBeenCalledWith(frame, ['session-end', 'navigate', 'scanner']);
    expect(frameWindow.postMessage).toHaveBeenCalledWith(
      {
        protocol: PROTOCOL,
        type: 'welcome',
        version: PROTOCOL_VERSION,
        capabilities: ['outbox', 'session-end', 'navigate', 'visibility', 'scanner'],
        scanner: { ...DEFAULT_WEDGE_RULES, maxGapMs: 40 },
      },
      ERP,
    );
  });

  it('records of an unverified frame only what it was offered: it never takes scans', () => {
    const { handlers, stop } = setup();
    stop();
    stops.push(listenToFrames(handlers, { ...policy, signInDomain: 'other.example' }));
    window.dispatchEvent(
      new MessageEvent('message', { data: { protocol: PROTOCOL, type: 'hello', version: 2, capabilities: ['scanner', 'session-end'] }, origin: ERP, source: frameWindow }),
    );
    expect(handlers.onHello).toHaveBeenCalledWith(frame, ['session-end']);
  });

  it('hands a verified frame’s camera request on, with a way to answer it at its origin', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    const request = { protocol: PROTOCOL, type: 'scan-request', requestId: 'r1', formats: ['qr_code'], timeoutS: 20, continuous: false };
    post(request);
    post({ ...request, requestId: '' });
    expect(handlers.onScanRequest).toHaveBeenCalledExactlyOnceWith(frame, { protocol: PROTOCOL, type: 'scan-request', requestId: 'r1', data: request }, expect.any(Function));
    const answer = handlers.onScanRequest.mock.calls[0]![2] as (reply: unknown) => void;
    answer({ protocol: PROTOCOL, type: 'scan-opened', requestId: 'r1' });
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'scan-opened', requestId: 'r1' }, ERP);
  });

  it('refuses the camera to a frame outside the sign-in domain: not-verified', () => {
    const { handlers, stop } = setup();
    stop();
    stops.push(listenToFrames(handlers, { ...policy, signInDomain: 'other.example' }));
    const data = { protocol: PROTOCOL, type: 'scan-request', requestId: 'r', formats: [], timeoutS: null, continuous: false };
    window.dispatchEvent(new MessageEvent('message', { data, origin: ERP, source: frameWindow }));
    expect(handlers.onScanRequest).not.toHaveBeenCalled();
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'scan-done', requestId: 'r', reason: 'not-verified' }, ERP);
    expect(handlers.onRejected).toHaveBeenCalledWith('untrusted-scanner-origin', expect.objectContaining({ type: 'scan-request' }), ERP);
  });

  it('hands a scan to a frame at its origin only', () => {
    sendScan(frame, { text: 'PL-42-0007', source: 'wedge' });
    expect(frameWindow.postMessage).toHaveBeenCalledExactlyOnceWith({ protocol: PROTOCOL, type: 'scan', scan: { text: 'PL-42-0007', source: 'wedge' } }, ERP);
  });

  it('offers a frame outside the sign-in domain none of the user’s capabilities and no moves in place, and says hello to no stranger', () => {
    const { handlers, stop, post } = setup();
    stop();
    stops.push(listenToFrames(handlers, { ...policy, signInDomain: 'other.example' }));
    post({ protocol: PROTOCOL, type: 'hello', version: 2, capabilities: ['navigate', 'visibility', 'outbox', 'scanner'] });
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'welcome', version: PROTOCOL_VERSION, capabilities: ['session-end', 'visibility'] }, ERP);
    // What it takes part in is recorded among what it is offered: the shell never moves it in place, nor sends it scans.
    expect(handlers.onHello).toHaveBeenCalledExactlyOnceWith(frame, ['visibility']);
    vi.mocked(frameWindow.postMessage).mockClear();
    post({ protocol: PROTOCOL, type: 'hello', version: 2, capabilities: [] }, 'http://evil.localhost:4200');
    post({ protocol: PROTOCOL, type: 'hello', version: 2, capabilities: [] }, ERP, {});
    for (const malformed of [{ version: 0, capabilities: [] }, { version: 2.5, capabilities: [] }, { version: 2, capabilities: 'outbox' }, { version: 2 }]) {
      post({ protocol: PROTOCOL, type: 'hello', ...malformed });
    }
    expect(frameWindow.postMessage).not.toHaveBeenCalled();
    expect(handlers.onHello).toHaveBeenCalledTimes(1);
  });

  it('hands the outbox’s requests of a verified frame on, with a way to answer it at its origin', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    post({ protocol: PROTOCOL, type: 'outbox-list', requestId: 'r1' });
    expect(handlers.onOutbox).toHaveBeenCalledWith(frame, { protocol: PROTOCOL, type: 'outbox-list', requestId: 'r1' }, expect.any(Function));
    const answer = handlers.onOutbox.mock.calls[0]![2] as (reply: unknown) => void;
    answer({ protocol: PROTOCOL, type: 'outbox-entries', requestId: 'r1', entries: [] });
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'outbox-entries', requestId: 'r1', entries: [] }, ERP);
  });

  it('refuses the outbox to a frame outside the sign-in domain, naming why, and stores nothing', () => {
    const { handlers, stop } = setup();
    stop();
    stops.push(listenToFrames(handlers, { ...policy, signInDomain: 'other.example' }));
    const write = { method: 'POST', url: 'https://api.example.com/x', body: null, contentType: null };
    window.dispatchEvent(new MessageEvent('message', { data: { protocol: PROTOCOL, type: 'outbox-send', requestId: 'r', write }, origin: ERP, source: frameWindow }));
    expect(handlers.onOutbox).not.toHaveBeenCalled();
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'outbox-refused', requestId: 'r', reason: 'not-verified' }, ERP);
    expect(handlers.onRejected).toHaveBeenCalledWith('untrusted-outbox-origin', expect.objectContaining({ type: 'outbox-send' }), ERP);
  });

  it('hands on the move in place a route sync answers, only from a verified frame on its own origin', () => {
    const { handlers, stop, post } = setup();
    stops.push(stop);
    post({ protocol: PROTOCOL, type: 'route', path: '/dpos/orders', navigation: 'move-1' });
    post({ protocol: PROTOCOL, type: 'route', path: '/dpos/orders', navigation: 'move-2' }, 'http://evil.localhost:4200');
    post({ protocol: PROTOCOL, type: 'route', path: '/dpos/orders', navigation: 'move-3' }, ERP, {});
    post({ protocol: PROTOCOL, type: 'route', path: '/dpos/orders', navigation: { id: 'move-4' } });
    expect(handlers.onRoute.mock.calls).toEqual([
      [frame, '/dpos/orders', 'move-1'],
      // A malformed move id is no answer: the route sync stays a route sync.
      [frame, '/dpos/orders', undefined],
    ]);
    stop();
    stops.push(listenToFrames(handlers, { ...policy, signInDomain: 'other.example' }));
    handlers.onRoute.mockClear();
    post({ protocol: PROTOCOL, type: 'route', path: '/dpos/orders', navigation: 'move-5' });
    // An unverified frame's answer is no answer (it is never moved in place: not offered).
    expect(handlers.onRoute).toHaveBeenCalledExactlyOnceWith(frame, '/dpos/orders', undefined);
  });

  it('tells a frame a move in place or its visibility on its origin only', () => {
    const route = { path: '/dpos/clone-order', params: {}, query: '?page=2', settings: { title: 'Clone order' } as unknown as FrameSettings };
    tellFrame(frame, { type: 'navigate', navigation: 'move-1', route });
    tellFrame(frame, { type: 'visibility', state: 'hidden' });
    expect(vi.mocked(frameWindow.postMessage).mock.calls).toEqual([
      [{ protocol: PROTOCOL, type: 'navigate', navigation: 'move-1', route }, ERP],
      [{ protocol: PROTOCOL, type: 'visibility', state: 'hidden' }, ERP],
    ]);
  });

  it('stops listening when asked', () => {
    const { handlers, stop, post } = setup();
    stop();
    post({ protocol: PROTOCOL, type: 'logout' });
    expect(handlers.onLogout).not.toHaveBeenCalled();
  });
});
