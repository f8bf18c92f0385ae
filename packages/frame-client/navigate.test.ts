import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameClient, parseNavigationMessage, parseShellMessage, PROTOCOL, readFrameSettings } from './index.ts';

const PORTAL = 'https://portal.example';
const embedded = (extra: Record<string, unknown> = {}) => readFrameSettings(JSON.stringify({ parentOrigin: PORTAL, protocolVersion: 2, title: 'Orders', ...extra }));
const fromShell = (data: unknown, origin = PORTAL) => window.dispatchEvent(new MessageEvent('message', { data, origin }));
const sent = (parent: Window, type: string) =>
  vi
    .mocked(parent.postMessage)
    .mock.calls.map(([message]) => message as { type: string })
    .filter((message) => message.type === type);
const move = (navigation: string, path = '/dpos/clone-order', extra: Record<string, unknown> = {}) => ({
  protocol: PROTOCOL,
  type: 'navigate',
  navigation,
  route: { path, params: { id: '7' }, query: '?page=2', settings: { parentOrigin: PORTAL, title: 'Clone order' }, ...extra },
});

afterEach(() => {
  history.replaceState(null, '', '/');
  window.name = '';
});

describe('routing in place (app side)', () => {
  it('takes part in navigate once a handler is registered, and says so in a hello', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded());
    await Promise.resolve();
    client.onNavigate(() => undefined);
    await Promise.resolve();
    expect(sent(parent, 'hello').map((hello) => (hello as unknown as { capabilities: string[] }).capabilities)).toEqual([[], ['navigate']]);
  });

  it('hands the move to the handler, answers with route sync naming it once the handler is done, and keeps the route’s settings', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded());
    let drawn: () => void = () => undefined;
    const handler = vi.fn(({ path, query }: { path: string; query: string }) => {
      history.replaceState(null, '', path + query);
      return new Promise<void>((resolve) => (drawn = resolve));
    });
    client.onNavigate(handler);
    fromShell(move('move-1'));
    await vi.waitFor(() => expect(handler).toHaveBeenCalledOnce());
    expect(handler).toHaveBeenCalledWith({ path: '/dpos/clone-order', params: { id: '7' }, query: '?page=2', settings: { parentOrigin: PORTAL, title: 'Clone order' } });
    expect(client.settings?.title).toBe('Clone order');
    expect(readFrameSettings()?.title).toBe('Clone order'); // window.name: a reload of the page starts there
    expect(sent(parent, 'route')).toEqual([]);
    drawn();
    await vi.waitFor(() => expect(sent(parent, 'route')).toEqual([{ protocol: PROTOCOL, type: 'route', path: '/dpos/clone-order?page=2', navigation: 'move-1' }]));
    expect(vi.mocked(parent.postMessage).mock.calls.every(([, origin]) => (origin as unknown) === PORTAL)).toBe(true);
  });

  it('draws moves in the order asked, so the answers come in that order', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded());
    client.onNavigate(async ({ path }) => {
      await new Promise((resolve) => setTimeout(resolve, path === '/first' ? 30 : 0));
      history.replaceState(null, '', path);
    });
    fromShell(move('move-1', '/first'));
    fromShell(move('move-2', '/second'));
    await vi.waitFor(() => expect(sent(parent, 'route')).toHaveLength(2));
    expect(sent(parent, 'route').map((route) => (route as unknown as { navigation: string }).navigation)).toEqual(['move-1', 'move-2']);
  });

  it('does not answer a move from another origin, a malformed one, one whose handler failed, or one with no handler left', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded());
    const failing = vi.fn(() => Promise.reject(new Error('no such view')));
    const undo = client.onNavigate(failing);
    fromShell(move('move-1'), 'https://evil.example');
    for (const malformed of [
      { ...move('x'), navigation: '' },
      move('x', '//evil.example/path'),
      move('x', 'relative'),
      move('x', '/ok', { query: 'page=2' }),
      move('x', '/ok', { params: { id: 7 } }),
      move('x', '/ok', { settings: 'title' }),
    ]) {
      fromShell(malformed);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failing).not.toHaveBeenCalled();
    fromShell(move('move-2'));
    await vi.waitFor(() => expect(failing).toHaveBeenCalledOnce());
    undo();
    fromShell(move('move-3'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sent(parent, 'route')).toEqual([]);
  });

  it('validates the shell’s navigate and visibility messages', () => {
    expect(parseShellMessage(move('m'))).toMatchObject({ type: 'navigate', navigation: 'm', route: { path: '/dpos/clone-order', query: '?page=2' } });
    expect(parseNavigationMessage({ protocol: PROTOCOL, type: 'visibility', state: 'visible' })).toEqual({ protocol: PROTOCOL, type: 'visibility', state: 'visible' });
    expect(parseNavigationMessage({ protocol: PROTOCOL, type: 'visibility', state: 'gone' })).toBeNull();
    expect(parseNavigationMessage({ protocol: PROTOCOL, type: 'navigate', navigation: 'm' })).toBeNull();
  });
});

describe('visibility (app side)', () => {
  it('a warm frame starts hidden and becomes visible when the shell shows it; only the shell’s word counts', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded({ hidden: true }));
    expect(client.visibility.state).toBe('hidden');
    const changes: string[] = [];
    client.visibility.onChange((state) => changes.push(state));
    let shown = false;
    void client.visibility.whenVisible().then(() => (shown = true));
    await Promise.resolve();
    expect(sent(parent, 'hello').at(-1)).toMatchObject({ capabilities: ['visibility'] });
    fromShell({ protocol: PROTOCOL, type: 'visibility', state: 'visible' }, 'https://evil.example');
    fromShell({ protocol: PROTOCOL, type: 'visibility', state: 'hidden' });
    await Promise.resolve();
    expect(shown).toBe(false);
    fromShell({ protocol: PROTOCOL, type: 'visibility', state: 'visible' });
    await vi.waitFor(() => expect(shown).toBe(true));
    fromShell({ protocol: PROTOCOL, type: 'visibility', state: 'hidden' });
    expect(changes).toEqual(['visible', 'hidden']);
  });

  it('a frame the shell shows (no hidden in window.name), an older shell’s too, is visible at once: nothing waits', async () => {
    const onOlderShell = createFrameClient({ postMessage: vi.fn() } as unknown as Window, embedded({ protocolVersion: undefined }));
    await expect(onOlderShell.visibility.whenVisible()).resolves.toBeUndefined();
    const outside = createFrameClient({ postMessage: vi.fn() } as unknown as Window, null);
    expect(outside.visibility.state).toBe('visible');
  });
});
