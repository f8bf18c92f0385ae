import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameClient, readFrameSettings, VERSION_1_CAPABILITIES, WELCOME_TIMEOUT_MS } from './index.ts';
import { createOutbox } from './outbox-client.ts';
import { createScanner, ScanError } from './scanner.ts';

/**
 * A newer app on an older shell: the shell says in window.name that it speaks the handshake but never
 * welcomes (or says nothing, a shell of version 1). Every capability added after version 1 answers
 * `not-supported` or stays silent, never a hang; version 1's (the outbox, session end) keep working.
 */
const PORTAL = 'https://old-shell.example';
afterEach(() => vi.useRealTimers());

describe.each([
  ['a shell of version 1 (no protocolVersion)', {}],
  ['a shell that never answers its hello', { protocolVersion: 2 }],
])('a newer app on %s', (_, extra) => {
  it('learns the shell’s capabilities (version 1’s) at once or after the welcome’s wait, never later', async () => {
    vi.useFakeTimers();
    const parent = { postMessage: vi.fn() } as unknown as Window;
    const client = createFrameClient(parent, readFrameSettings(JSON.stringify({ parentOrigin: PORTAL, ...extra })));
    const scanner = createScanner(client);
    const moved = vi.fn();
    client.onNavigate(moved);
    scanner.onScan(() => undefined);
    const refused = scanner.scan().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(WELCOME_TIMEOUT_MS);
    await expect(client.connected).resolves.toEqual({ version: 1, capabilities: VERSION_1_CAPABILITIES });
    expect(await refused).toEqual(new ScanError('not-supported'));
    expect(['scanner', 'navigate', 'visibility'].map((name) => client.supports(name as 'scanner'))).toEqual([false, false, false]);
    expect(client.supports('outbox')).toBe(true);
    expect(moved).not.toHaveBeenCalled();
    // No camera request went to a shell that cannot answer it; the outbox still talks to it.
    expect(vi.mocked(parent.postMessage).mock.calls.map(([message]) => (message as { type: string }).type)).not.toContain('scan-request');
    void createOutbox(client).list().catch(() => undefined);
    expect(vi.mocked(parent.postMessage).mock.calls.at(-1)?.[0]).toMatchObject({ type: 'outbox-list' });
  });
});
