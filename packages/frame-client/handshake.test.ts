import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameClient, PROTOCOL, PROTOCOL_VERSION, readFrameSettings, VERSION_1_CAPABILITIES, WELCOME_TIMEOUT_MS } from './index.ts';

const PORTAL = 'https://portal.example';
const embedded = (extra: Record<string, unknown> = {}) => readFrameSettings(JSON.stringify({ parentOrigin: PORTAL, ...extra }));
const fromShell = (data: unknown, origin = PORTAL) => window.dispatchEvent(new MessageEvent('message', { data, origin }));
const hellos = (parent: Window) => vi.mocked(parent.postMessage).mock.calls.filter(([message]) => (message as { type: string }).type === 'hello');

afterEach(() => vi.useRealTimers());

describe('the handshake (app side)', () => {
  it('outside the shell: version 0, no capability, nothing sent', async () => {
    const client = createFrameClient({ postMessage: vi.fn() } as unknown as Window, null);
    await expect(client.connected).resolves.toEqual({ version: 0, capabilities: [] });
    expect(client.supports('outbox')).toBe(false);
  });

  it('on a shell of version 1 (no protocolVersion in window.name): version 1’s capabilities at once, no hello', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded());
    client.onSessionEnd(() => undefined);
    await expect(client.connected).resolves.toEqual({ version: 1, capabilities: VERSION_1_CAPABILITIES });
    expect(client.supports('outbox')).toBe(true);
    expect(hellos(parent)).toHaveLength(0);
  });

  it('says hello once with what the app registered while starting, and takes the shell’s welcome from its origin only', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded({ protocolVersion: 2 }));
    client.onSessionEnd(() => undefined);
    expect(client.supports('session-end')).toBe(false); // not known before the welcome
    await Promise.resolve();
    expect(hellos(parent)).toEqual([[{ protocol: PROTOCOL, type: 'hello', version: PROTOCOL_VERSION, capabilities: ['session-end'] }, PORTAL]]);
    fromShell({ protocol: PROTOCOL, type: 'welcome', version: 2, capabilities: ['session-end'] }, 'https://evil.example');
    fromShell({ protocol: PROTOCOL, type: 'welcome', version: 'two', capabilities: ['outbox'] });
    fromShell({ protocol: PROTOCOL, type: 'welcome', version: 3, capabilities: ['session-end', 'time-travel'] });
    await expect(client.connected).resolves.toEqual({ version: 3, capabilities: ['session-end'] });
    expect(client.supports('session-end')).toBe(true);
    expect(client.supports('outbox')).toBe(false);
  });

  it('says hello again when the app takes part in something later, never twice for the same', async () => {
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, embedded({ protocolVersion: 2 }));
    await Promise.resolve();
    client.onSessionEnd(() => undefined);
    client.onSessionEnd(() => undefined);
    await Promise.resolve();
    expect(hellos(parent).map(([message]) => (message as { capabilities: string[] }).capabilities)).toEqual([[], ['session-end']]);
  });

  it('a shell that says it speaks the handshake but never answers: version 1’s capabilities after the time-out, never a hang', async () => {
    vi.useFakeTimers();
    const client = createFrameClient({ postMessage: vi.fn() } as unknown as Window, embedded({ protocolVersion: 2 }));
    let settled = false;
    void client.connected.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(WELCOME_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(client.connected).resolves.toEqual({ version: 1, capabilities: VERSION_1_CAPABILITIES });
  });
});
