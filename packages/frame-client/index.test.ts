import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createFrameClient, parseFrameMessage, parseShellMessage, PROTOCOL, readFrameSettings } from './index.ts';
import { createOutbox, OUTBOX_LIMITS, OUTBOX_METHODS } from './outbox-client.ts';

describe('parseFrameMessage', () => {
  it.each([
    [{ protocol: PROTOCOL, type: 'route', path: '/orders' }, { protocol: PROTOCOL, type: 'route', path: '/orders' }],
    [{ protocol: PROTOCOL, type: 'route', path: 'javascript:alert(1)' }, null],
    [{ protocol: PROTOCOL, type: 'route', path: '//evil.example/x' }, { protocol: PROTOCOL, type: 'route', path: '//evil.example/x' }],
    [{ protocol: PROTOCOL, type: 'route', path: `/${'x'.repeat(3000)}` }, null],
    [{ protocol: PROTOCOL, type: 'logout', extra: 1 }, { protocol: PROTOCOL, type: 'logout' }],
    [{ protocol: PROTOCOL, type: 'ready' }, { protocol: PROTOCOL, type: 'ready' }],
    [{ protocol: PROTOCOL, type: 'user-data-request', requestId: '' }, null],
    [{ protocol: 'other', type: 'logout' }, null],
    [{ type: 'logout' }, null],
    ['logout', null],
    [null, null],
  ])('%j → %j', (data, expected) => expect(parseFrameMessage(data)).toEqual(expected));

  it('never throws, and accepts only the protocol’s shapes', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withMap: true, withSet: true }), (data) => {
        const parsed = parseFrameMessage(data);
        expect(parsed === null || ['hello', 'ready', 'route', 'edit-start', 'edit-end', 'logout', 'user-data-request', 'outbox-send', 'outbox-list', 'outbox-discard', 'outbox-watch', 'session-ended'].includes(parsed.type)).toBe(true);
      }),
    );
  });

  it('survives objects whose getters throw', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('boom'); } });
    expect(parseFrameMessage(hostile)).toBeNull();
  });
});

describe('frame client', () => {
  it('reads the settings from window.name and posts only to the parent origin', () => {
    const settings = readFrameSettings(JSON.stringify({ parentOrigin: 'https://portal.example', language: 'vi' }));
    expect(settings).toMatchObject({ parentOrigin: 'https://portal.example' });
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, settings);
    client.syncRoute('/orders');
    client.startEdit();
    expect(parent.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'route', path: '/orders' }, 'https://portal.example');
    expect(parent.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'edit-start' }, 'https://portal.example');
  });

  it('says ready once per page', () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, readFrameSettings(JSON.stringify({ parentOrigin: 'https://portal.example' })));
    client.ready();
    client.ready();
    expect(parent.postMessage).toHaveBeenCalledOnce();
    expect(parent.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'ready' }, 'https://portal.example');
  });

  it('keeps history with the shell: pushState and same-origin links replace, and tell the shell the path', () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, readFrameSettings(JSON.stringify({ parentOrigin: 'https://portal.example' })));
    const undo = client.keepHistoryWithShell();
    const before = history.length;
    history.pushState(null, '', '/orders/2?tab=items');
    expect(history.length).toBe(before);
    expect(location.pathname + location.search).toBe('/orders/2?tab=items');
    expect(parent.postMessage).toHaveBeenLastCalledWith({ protocol: PROTOCOL, type: 'route', path: '/orders/2?tab=items' }, 'https://portal.example');

    const replace = vi.spyOn(location, 'replace').mockImplementation(() => undefined);
    const link = Object.assign(document.createElement('a'), { href: '/orders/3' });
    const away = Object.assign(document.createElement('a'), { href: 'https://elsewhere.example/x' });
    away.addEventListener('click', (event) => event.preventDefault()); // keep the test page where it is
    document.body.append(link, away);
    link.click();
    expect(replace).toHaveBeenCalledWith(`${location.origin}/orders/3`);
    expect(parent.postMessage).toHaveBeenLastCalledWith({ protocol: PROTOCOL, type: 'route', path: '/orders/3' }, 'https://portal.example');
    vi.mocked(parent.postMessage).mockClear();
    away.click();
    expect(parent.postMessage).not.toHaveBeenCalled();

    undo();
    history.pushState(null, '', '/orders/4');
    expect(history.length).toBe(before + 1);
    link.remove();
    away.remove();
  });

  it('the page a link opened says its path again: the message sent while leaving may reach the shell too late', () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const settings = readFrameSettings(JSON.stringify({ parentOrigin: 'https://portal.example' }));
    history.replaceState(null, '', '/receipts?page=2');
    sessionStorage.setItem('staff-portal:pending-route', '/receipts?page=2');
    const undo = createFrameClient(parent, settings).keepHistoryWithShell();
    expect(parent.postMessage).toHaveBeenCalledWith({ protocol: PROTOCOL, type: 'route', path: '/receipts?page=2' }, 'https://portal.example');
    expect(sessionStorage.getItem('staff-portal:pending-route')).toBeNull();
    undo();

    // A page reached any other way (a reload, the shell's own address) says nothing.
    vi.mocked(parent.postMessage).mockClear();
    sessionStorage.setItem('staff-portal:pending-route', '/receipts?page=3');
    createFrameClient(parent, settings).keepHistoryWithShell()();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });

  it('refuses to talk when not embedded by the shell', () => {
    expect(readFrameSettings('not json')).toBeNull();
    expect(() => createFrameClient({ postMessage: vi.fn() } as unknown as Window, null).logout()).toThrow(/Not embedded/);
  });
});

describe('outbox messages', () => {
  const write = { method: 'POST', url: 'https://api.example.com/pos/sales', body: '{"total":1}', contentType: 'application/json' };
  const send = (value: unknown) => parseFrameMessage({ protocol: PROTOCOL, type: 'outbox-send', requestId: 'r1', write: value });
  const refusal = (value: unknown) => {
    const parsed = send(value);
    return parsed?.type === 'outbox-send' && !parsed.write.ok ? parsed.write.reason : null;
  };

  it.each([
    ['a valid write', write, null],
    ['an unknown method', { ...write, method: 'GET' }, 'unknown-method'],
    ['a lower-case method', { ...write, method: 'post' }, 'unknown-method'],
    ['a relative address', { ...write, url: '/pos/sales' }, 'url-not-allowed'],
    ['a javascript: address', { ...write, url: 'javascript:alert(1)' }, 'url-not-allowed'],
    ['an address with credentials', { ...write, url: 'https://user:pw@api.example.com/pos/sales' }, 'url-not-allowed'],
    ['an address too long', { ...write, url: `https://api.example.com/${'x'.repeat(OUTBOX_LIMITS.urlLength)}` }, 'url-not-allowed'],
    ['a body over the limit', { ...write, body: 'é'.repeat(OUTBOX_LIMITS.bodyBytes / 2 + 1) }, 'body-too-large'],
    ['a body without a content type', { ...write, contentType: null }, 'invalid-content-type'],
    ['a content type with a header smuggled in', { ...write, contentType: 'application/json\r\nAuthorization: x' }, 'invalid-content-type'],
    ['a body that is not text', { ...write, body: { total: 1 } }, 'invalid-write'],
    ['no method', { url: write.url, body: null, contentType: null }, 'invalid-write'],
    ['not an object', 'POST /pos/sales', 'invalid-write'],
  ])('%s → %s', (_, value, reason) => {
    expect(refusal(value)).toBe(reason);
  });

  it('keeps a valid write as sent, without the fragment', () => {
    expect(send({ ...write, method: 'DELETE', url: 'https://api.example.com/pos/sales/7?x=1#top', body: null, contentType: null })).toEqual({
      protocol: PROTOCOL,
      type: 'outbox-send',
      requestId: 'r1',
      write: { ok: true, write: { method: 'DELETE', url: 'https://api.example.com/pos/sales/7?x=1', body: null, contentType: null } },
    });
  });

  it.each([
    [{ protocol: PROTOCOL, type: 'outbox-send', write }, null], // no request id: nothing could answer it
    [{ protocol: PROTOCOL, type: 'outbox-list', requestId: 'r2' }, { protocol: PROTOCOL, type: 'outbox-list', requestId: 'r2' }],
    [{ protocol: PROTOCOL, type: 'outbox-discard', requestId: 'r3', id: 'e1' }, { protocol: PROTOCOL, type: 'outbox-discard', requestId: 'r3', id: 'e1' }],
    [{ protocol: PROTOCOL, type: 'outbox-discard', requestId: 'r3', id: 7 }, null],
    [{ protocol: PROTOCOL, type: 'outbox-watch', extra: true }, { protocol: PROTOCOL, type: 'outbox-watch' }],
    [{ protocol: PROTOCOL, type: 'outbox-list', requestId: 'x'.repeat(101) }, null],
  ])('%j → %j', (data, expected) => expect(parseFrameMessage(data)).toEqual(expected));

  it('refuses any write that is not exactly a method, an absolute http(s) address and a bounded text body, and never throws', () => {
    const anyWrite = fc.record(
      {
        method: fc.oneof(fc.constantFrom(...OUTBOX_METHODS, 'GET', 'OPTIONS', 'post'), fc.anything()),
        url: fc.oneof(fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string(), fc.anything()),
        body: fc.oneof(fc.constant(null), fc.string(), fc.anything()),
        contentType: fc.oneof(fc.constant(null), fc.constantFrom('application/json', 'text/plain; charset=utf-8'), fc.string()),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(anyWrite, fc.anything({ withNullPrototype: true })), (value) => {
        const parsed = send(value);
        expect(parsed?.type).toBe('outbox-send');
        if (parsed?.type !== 'outbox-send' || !parsed.write.ok) return;
        const checked = parsed.write.write;
        expect(OUTBOX_METHODS).toContain(checked.method);
        expect(['http:', 'https:']).toContain(new URL(checked.url).protocol);
        expect(checked.body === null || new TextEncoder().encode(checked.body).length <= OUTBOX_LIMITS.bodyBytes).toBe(true);
        expect(checked.body === null || checked.contentType !== null).toBe(true);
        expect(checked.contentType ?? '').not.toMatch(/[\r\n]/);
      }),
    );
  }, 30_000); // fast-check's generated addresses are slow to make on a loaded machine

  it('reads the shell’s replies and ignores malformed ones', () => {
    const entry = { id: 'e1', method: 'POST', url: write.url, body: null, state: 'queued', queuedAt: 1, attempts: 0, problem: null, answer: null };
    expect(parseShellMessage({ protocol: PROTOCOL, type: 'outbox-update', entry })).toMatchObject({ type: 'outbox-update' });
    expect(parseShellMessage({ protocol: PROTOCOL, type: 'outbox-update', entry: { ...entry, state: 'lost' } })).toBeNull();
    expect(parseShellMessage({ protocol: PROTOCOL, type: 'outbox-entries', requestId: 'r', entries: [entry, null] })).toBeNull();
    expect(parseShellMessage({ protocol: PROTOCOL, type: 'outbox-refused', requestId: 'r', reason: 'url-not-allowed' })).toMatchObject({ reason: 'url-not-allowed' });
  });
});

describe('outbox client', () => {
  const ORIGIN = 'https://portal.example';
  const entry = { id: 'e1', method: 'POST', url: 'https://api.example.com/pos/sales', body: null, state: 'queued', queuedAt: 1, attempts: 0, problem: null, answer: null };
  const answer = (data: unknown, origin = ORIGIN) => window.dispatchEvent(new MessageEvent('message', { data, origin }));

  function setup() {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, readFrameSettings(JSON.stringify({ parentOrigin: ORIGIN })));
    const sent = () => vi.mocked(parent.postMessage).mock.calls.map(([message]) => message as { type: string; requestId: string; write?: unknown });
    return { client, parent, sent };
  }

  it('sends a JSON body with its content type and resolves once the shell has stored it', async () => {
    const { client, sent } = setup();
    const stored = createOutbox(client).send({ method: 'POST', url: entry.url, body: { total: 1 } });
    const [request] = sent();
    expect(request).toMatchObject({ type: 'outbox-send', write: { method: 'POST', url: entry.url, body: '{"total":1}', contentType: 'application/json' } });
    answer({ protocol: PROTOCOL, type: 'outbox-stored', requestId: 'another', entry: { ...entry, id: 'other' } });
    answer({ protocol: PROTOCOL, type: 'outbox-stored', requestId: request!.requestId, entry }, 'https://evil.example');
    answer({ protocol: PROTOCOL, type: 'outbox-stored', requestId: request!.requestId, entry });
    await expect(stored).resolves.toEqual(entry);
  });

  it('rejects with the shell’s reason', async () => {
    const { client, sent } = setup();
    const stored = createOutbox(client).send({ method: 'POST', url: 'https://elsewhere.example/x' });
    answer({ protocol: PROTOCOL, type: 'outbox-refused', requestId: sent()[0]!.requestId, reason: 'url-not-allowed' });
    await expect(stored).rejects.toMatchObject({ name: 'OutboxError', reason: 'url-not-allowed' });
  });

  it('says a request again with the same id until the shell answers, then gives up with no-answer', async () => {
    vi.useFakeTimers();
    const { client, sent } = setup();
    const listed = createOutbox(client).list();
    await vi.advanceTimersByTimeAsync(4500);
    expect(sent()).toHaveLength(3);
    expect(new Set(sent().map((message) => message.requestId)).size).toBe(1);
    const failed = expect(listed).rejects.toMatchObject({ reason: 'no-answer' });
    await vi.advanceTimersByTimeAsync(15_000);
    await failed;
    vi.useRealTimers();
  });

  it('watches the app’s entries: one watch request per page, updates to every listener', () => {
    const { client, sent } = setup();
    const first = vi.fn();
    const second = vi.fn();
    createOutbox(client).watch(first);
    const stop = createOutbox(client).watch(second);
    expect(sent().filter((message) => message.type === 'outbox-watch')).toHaveLength(1);
    answer({ protocol: PROTOCOL, type: 'outbox-update', entry: { ...entry, state: 'delivered' } });
    stop();
    answer({ protocol: PROTOCOL, type: 'outbox-update', entry: { ...entry, state: 'failed' } });
    expect(first.mock.calls.map(([update]) => (update as { state: string }).state)).toEqual(['delivered', 'failed']);
    expect(second).toHaveBeenCalledOnce();
  });
});

describe('session end (shared devices)', () => {
  const portal = 'https://portal.example';
  const settings = () => readFrameSettings(JSON.stringify({ parentOrigin: portal }));
  const fromShell = (data: unknown, origin = portal) => dispatchEvent(new MessageEvent('message', { data, origin }));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it.each([
    [{ protocol: PROTOCOL, type: 'session-ended' }, { protocol: PROTOCOL, type: 'session-ended' }],
    [{ protocol: PROTOCOL, type: 'session-ended', who: 'x' }, { protocol: PROTOCOL, type: 'session-ended' }],
    [{ protocol: 'other', type: 'session-ended' }, null],
    [{ protocol: PROTOCOL, type: 'session-end' }, null], // the shell's message, not a frame's
  ])('the shell reads %j as %j', (data, expected) => expect(parseFrameMessage(data)).toEqual(expected));

  it.each([
    [{ protocol: PROTOCOL, type: 'session-end' }, { protocol: PROTOCOL, type: 'session-end' }],
    [{ protocol: PROTOCOL, type: 'session-end', extra: { a: 1 } }, { protocol: PROTOCOL, type: 'session-end' }],
    [{ protocol: PROTOCOL, type: 'session-ended' }, null],
    [{ type: 'session-end' }, null],
  ])('a frame reads %j as %j', (data, expected) => expect(parseShellMessage(data)).toEqual(expected));

  it('a frame reads only the protocol’s shapes, whatever arrives, and never throws on them', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withMap: true, withSet: true }), fc.constantFrom('session-end', 'session-ended', 'settings', 'user-data'), (extra, type) => {
        const data = typeof extra === 'object' && extra !== null && !Array.isArray(extra) ? { ...extra, protocol: PROTOCOL, type } : { protocol: PROTOCOL, type, extra };
        const parsed = parseShellMessage(data);
        if (type === 'session-end') expect(parsed).toEqual({ protocol: PROTOCOL, type: 'session-end' });
        if (type === 'session-ended') expect(parsed).toBeNull();
      }),
    );
  });

  it('runs every listener, waits for their promises, then tells the shell', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, settings());
    const cleared: string[] = [];
    let finish: () => void = () => undefined;
    client.onSessionEnd(() => void cleared.push('memory'));
    client.onSessionEnd(() => new Promise<void>((resolve) => (finish = () => (cleared.push('storage'), resolve()))));
    client.onSessionEnd(() => {
      throw new Error('a failing listener does not stop the answer');
    });
    fromShell({ protocol: PROTOCOL, type: 'session-end' });
    await settle();
    expect(cleared).toEqual(['memory']);
    expect(parent.postMessage).not.toHaveBeenCalled();
    finish();
    await settle();
    expect(cleared).toEqual(['memory', 'storage']);
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith({ protocol: PROTOCOL, type: 'session-ended' }, portal);
  });

  it('answers at once when the app has no listener (or removed it), so the shell need not wait', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, settings());
    const listener = vi.fn();
    client.onSessionEnd(listener)();
    fromShell({ protocol: PROTOCOL, type: 'session-end' });
    await settle();
    expect(listener).not.toHaveBeenCalled();
    expect(parent.postMessage).toHaveBeenCalledExactlyOnceWith({ protocol: PROTOCOL, type: 'session-ended' }, portal);
  });

  it('ignores a session end from any other origin, and anything that is not one', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const listener = vi.fn();
    createFrameClient(parent, settings()).onSessionEnd(listener);
    fromShell({ protocol: PROTOCOL, type: 'session-end' }, 'https://evil.example');
    fromShell({ protocol: PROTOCOL, type: 'session-ended' });
    fromShell({ type: 'session-end' });
    await settle();
    expect(listener).not.toHaveBeenCalled();
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
