import { afterEach, describe, expect, it } from 'vitest';
import { createFrameClient, PROTOCOL } from './index.ts';
import { createOutbox } from './outbox-client.ts';
import { createScanner } from './scanner.ts';
import { createShellStandIn, type ShellStandIn } from './testing.ts';

let stand: ShellStandIn | null = null;
let shells = 0;
const standIn = (options: Parameters<typeof createShellStandIn>[0] = {}) => (stand = createShellStandIn({ origin: `https://stand-in-${++shells}.test`, ...options }));
afterEach(() => stand?.close());

describe('the shell stand-in (@staff-portal/frame-client/testing)', () => {
  it('becomes the window’s parent with the settings in window.name, and takes both back on close', () => {
    const before = window.name;
    const shell = standIn({ seller: { id: 7, name: 'Seller 7' } });
    expect(parent).toBe(shell.parent);
    expect(JSON.parse(window.name)).toMatchObject({ parentOrigin: shell.origin, seller: { id: 7, name: 'Seller 7' }, protocolVersion: 2 });
    shell.close();
    stand = null;
    expect(parent).not.toBe(shell.parent);
    expect(window.name).toBe(before);
  });

  it('answers the handshake with what it offers and the user-data request with the given user and seller', async () => {
    const shell = standIn({ capabilities: ['outbox'], user: { name: 'Nguyễn Văn An' }, seller: { id: 3, name: 'Seller 3' } });
    const client = createFrameClient();
    client.onSessionEnd(() => undefined);
    await expect(client.connected).resolves.toMatchObject({ version: 2, capabilities: ['outbox'] });
    expect(shell.taken).toEqual(['session-end']);
    await expect(client.requestUserData()).resolves.toMatchObject({ name: 'Nguyễn Văn An', sellerId: 3, platformId: 1 });
  });

  it('drops what the real shell would drop: another origin, a malformed message', () => {
    const shell = standIn();
    shell.parent.postMessage({ protocol: PROTOCOL, type: 'logout' }, 'https://elsewhere.test');
    shell.parent.postMessage({ protocol: PROTOCOL, type: 'route', path: 'javascript:alert(1)' }, shell.origin);
    shell.parent.postMessage({ protocol: PROTOCOL, type: 'logout' }, shell.origin);
    expect(shell.dropped).toBe(2);
    expect(shell.logouts).toBe(1);
    expect(shell.routes).toEqual([]);
  });

  it('stores an outbox write once however often it is said, and refuses what the real shell refuses', async () => {
    const shell = standIn();
    const outbox = createOutbox(createFrameClient());
    const entry = await outbox.send({ method: 'POST', url: 'https://api.test/sales', body: { total: 1 } });
    expect(shell.outbox).toEqual([entry]);
    await expect(outbox.send({ method: 'GET' as 'POST', url: 'https://api.test/sales' })).rejects.toMatchObject({ reason: 'unknown-method' });
    await expect(outbox.list()).resolves.toEqual([entry]);
  });

  it('a shell without the scanner: the camera is refused not-supported, and no scan is sent', async () => {
    const shell = standIn({ capabilities: ['outbox', 'session-end'] });
    const scanner = createScanner(createFrameClient());
    scanner.onScan(() => undefined);
    await expect(scanner.scan()).rejects.toMatchObject({ reason: 'not-supported' });
    await expect(shell.sendScan('X-1')).resolves.toBe(false);
  });

  it('a move in place the app does not answer (no handler) resolves null after the wait', async () => {
    const shell = standIn({ navigateTimeoutMs: 50 });
    createFrameClient();
    await expect(shell.navigate('/elsewhere')).resolves.toBeNull();
  });
});
