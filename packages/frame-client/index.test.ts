import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createFrameClient, parseFrameMessage, PROTOCOL, readFrameSettings } from './index.ts';

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
        expect(parsed === null || ['ready', 'route', 'edit-start', 'edit-end', 'logout', 'user-data-request'].includes(parsed.type)).toBe(true);
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
