import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFrameClient, parseFrameMessage, PROTOCOL, readFrameSettings } from './index.ts';
import { createScanner, parseScanRequest, SCAN_ANSWER_TIMEOUT_MS, ScanError, type Scan } from './scanner.ts';
import { DEFAULT_WEDGE_RULES } from './wedge.ts';

const PORTAL = 'https://portal.example';
const embedded = (extra: Record<string, unknown> = { protocolVersion: 2 }) => readFrameSettings(JSON.stringify({ parentOrigin: PORTAL, ...extra }));
const fromShell = (data: unknown, origin = PORTAL) => window.dispatchEvent(new MessageEvent('message', { data, origin }));
const welcome = (capabilities: string[], scanner: unknown = DEFAULT_WEDGE_RULES) => fromShell({ protocol: PROTOCOL, type: 'welcome', version: 2, capabilities, scanner });
const sent = (parent: Window, type: string) =>
  vi
    .mocked(parent.postMessage)
    .mock.calls.map(([message]) => message as { type: string; requestId?: string; capabilities?: string[] })
    .filter((message) => message.type === type);

function setUp(settings = embedded()) {
  const parent = { postMessage: vi.fn() } as unknown as Window;
  return { parent, client: createFrameClient(parent, settings) };
}

/** The request the client sent last, once it has. */
async function lastRequest(parent: Window) {
  await vi.waitFor(() => expect(sent(parent, 'scan-request')).not.toHaveLength(0));
  return sent(parent, 'scan-request').at(-1)!;
}

/** Listeners of a test's clients, removed after it: a leftover one would take the next test's keys. */
const undo: (() => void)[] = [];
afterEach(() => {
  undo.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  document.body.replaceChildren();
});

describe('createScanner(client).onScan', () => {
  it('takes part in the scanner (hello), and leaves it with its last listener', async () => {
    const { parent, client } = setUp();
    const stop = createScanner(client).onScan(() => undefined);
    await Promise.resolve();
    stop();
    await Promise.resolve();
    expect(sent(parent, 'hello').map((hello) => hello.capabilities)).toEqual([['scanner'], []]);
  });

  it('gets the shell’s scans from its origin only, checked and cleaned', async () => {
    const { client } = setUp();
    const scans: Scan[] = [];
    undo.push(createScanner(client).onScan((scan) => scans.push(scan)));
    welcome(['scanner']);
    await client.connected;
    fromShell({ protocol: PROTOCOL, type: 'scan', scan: { text: 'PL-42-0007', source: 'wedge' } });
    fromShell({ protocol: PROTOCOL, type: 'scan', scan: { text: '8934567890123\u0000', source: 'camera', format: 'ean_13' } });
    fromShell({ protocol: PROTOCOL, type: 'scan', scan: { text: 'evil', source: 'wedge' } }, 'https://evil.example');
    fromShell({ protocol: PROTOCOL, type: 'scan', scan: { text: 'x', source: 'telepathy' } });
    fromShell({ protocol: PROTOCOL, type: 'scan', scan: { text: 'x', source: 'camera', format: 'morse' } });
    fromShell({ protocol: PROTOCOL, type: 'scan', scan: { text: '\u0007', source: 'wedge' } });
    expect(scans).toEqual([
      { text: 'PL-42-0007', source: 'wedge' },
      { text: '8934567890123', source: 'camera', format: 'ean_13' },
    ]);
  });

  /** Keydowns on the document's body, stamped 5 ms apart. */
  const burst = (text: string, target: EventTarget = document.body) => {
    const from = performance.now();
    [...text, 'Enter'].forEach((key, index) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true });
      Object.defineProperty(event, 'timeStamp', { value: from + index * 5 });
      target.dispatchEvent(event);
    });
  };

  it('recognises bursts in its own document outside fields, by the rules of the welcome', async () => {
    const { client } = setUp();
    const scans: Scan[] = [];
    undo.push(createScanner(client).onScan((scan) => scans.push(scan)));
    welcome(['scanner'], { ...DEFAULT_WEDGE_RULES, minLength: 6 });
    await client.connected;
    burst('12345');
    burst('123456');
    const field = document.body.appendChild(document.createElement('input'));
    burst('654321', field);
    expect(scans).toEqual([{ text: '123456', source: 'wedge' }]);
  });

  it('recognises nothing in its document when the shell does not offer the scanner, or sent no valid rules', async () => {
    for (const offer of [() => welcome(['session-end']), () => welcome(['scanner'], { suffix: 'Space' })]) {
      const { client } = setUp();
      const onScan = vi.fn();
      undo.push(createScanner(client).onScan(onScan));
      offer();
      await client.connected;
      burst('123456');
      expect(onScan).not.toHaveBeenCalled();
    }
  });
});

describe('createScanner(client).scan', () => {
  it('a shell without the scanner (version 1, or one that does not offer it): not-supported at once', async () => {
    const old = setUp(embedded({}));
    await expect(createScanner(old.client).scan()).rejects.toEqual(new ScanError('not-supported'));
    const current = setUp();
    welcome(['session-end']);
    await expect(createScanner(current.client).scan()).rejects.toMatchObject({ reason: 'not-supported' });
    expect(sent(current.parent, 'scan-request')).toHaveLength(0);
  });

  it('outside the shell: not-supported, nothing sent', async () => {
    const { client } = setUp(null);
    await expect(createScanner(client).scan()).rejects.toMatchObject({ reason: 'not-supported' });
  });

  it('asks for the camera and resolves with the one code read', async () => {
    const { parent, client } = setUp();
    welcome(['scanner']);
    const result = createScanner(client).scan({ formats: ['ean_13', 'qr_code'], timeoutS: 30 });
    const request = await lastRequest(parent);
    expect(request).toEqual({ protocol: PROTOCOL, type: 'scan-request', requestId: request.requestId, formats: ['ean_13', 'qr_code'], timeoutS: 30, continuous: false });
    fromShell({ protocol: PROTOCOL, type: 'scan-opened', requestId: request.requestId });
    fromShell({ protocol: PROTOCOL, type: 'scan-read', requestId: 'another', scan: { text: 'not mine', source: 'camera' } });
    fromShell({ protocol: PROTOCOL, type: 'scan-read', requestId: request.requestId, scan: { text: '8934567890123', source: 'camera', format: 'ean_13' } });
    await expect(result).resolves.toEqual({ text: '8934567890123', source: 'camera', format: 'ean_13' });
  });

  it.each(['permission-denied', 'cancelled', 'timed-out', 'busy', 'locked', 'not-verified'] as const)('rejects with the shell’s reason: %s', async (reason) => {
    const { parent, client } = setUp();
    welcome(['scanner']);
    const result = createScanner(client).scan();
    const { requestId } = await lastRequest(parent);
    fromShell({ protocol: PROTOCOL, type: 'scan-done', requestId, reason });
    await expect(result).rejects.toEqual(new ScanError(reason));
  });

  it('continuous: codes one by one, all of them once the person closes the sheet', async () => {
    const { parent, client } = setUp();
    welcome(['scanner']);
    const onRead = vi.fn();
    const result = createScanner(client).scan({ continuous: true, onRead });
    const { requestId } = await lastRequest(parent);
    fromShell({ protocol: PROTOCOL, type: 'scan-opened', requestId });
    for (const text of ['SKU-1', 'SKU-2']) fromShell({ protocol: PROTOCOL, type: 'scan-read', requestId, scan: { text, source: 'camera', format: 'code_128' } });
    fromShell({ protocol: PROTOCOL, type: 'scan-done', requestId, reason: null });
    await expect(result).resolves.toEqual([
      { text: 'SKU-1', source: 'camera', format: 'code_128' },
      { text: 'SKU-2', source: 'camera', format: 'code_128' },
    ]);
    expect(onRead).toHaveBeenCalledTimes(2);
  });

  it('continuous with nothing read: the reason the sheet closed', async () => {
    const { parent, client } = setUp();
    welcome(['scanner']);
    const result = createScanner(client).scan({ continuous: true });
    const { requestId } = await lastRequest(parent);
    fromShell({ protocol: PROTOCOL, type: 'scan-done', requestId, reason: null });
    await expect(result).rejects.toMatchObject({ reason: 'cancelled' });
  });

  it('a shell that offered the scanner but never answers the request: not-supported after the time-out, never a hang', async () => {
    vi.useFakeTimers();
    const { parent, client } = setUp();
    welcome(['scanner']);
    const result = createScanner(client).scan();
    const outcome = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(SCAN_ANSWER_TIMEOUT_MS);
    expect(sent(parent, 'scan-request')).toHaveLength(1);
    await expect(outcome).resolves.toEqual(new ScanError('not-supported'));
  });

  it('once the shell said the sheet is open, waits for the person however long', async () => {
    vi.useFakeTimers();
    const { parent, client } = setUp();
    welcome(['scanner']);
    let settled = false;
    const result = createScanner(client).scan().finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    const { requestId } = sent(parent, 'scan-request')[0]!;
    fromShell({ protocol: PROTOCOL, type: 'scan-opened', requestId });
    await vi.advanceTimersByTimeAsync(SCAN_ANSWER_TIMEOUT_MS * 10);
    expect(settled).toBe(false);
    fromShell({ protocol: PROTOCOL, type: 'scan-read', requestId, scan: { text: 'late', source: 'camera' } });
    await expect(result).resolves.toMatchObject({ text: 'late' });
  });

  it('refuses options it cannot send, before asking anything', async () => {
    const { client } = setUp();
    // @ts-expect-error: not a format
    await expect(createScanner(client).scan({ formats: ['morse'] })).rejects.toBeInstanceOf(TypeError);
    await expect(createScanner(client).scan({ timeoutS: 0 })).rejects.toBeInstanceOf(TypeError);
  });
});

describe('the camera request, as the shell reads it', () => {
  it('the messenger checks its id and hands the rest to the scanner', () => {
    const data = { protocol: PROTOCOL, type: 'scan-request', requestId: 'r1', formats: 'whatever' };
    expect(parseFrameMessage(data)).toEqual({ protocol: PROTOCOL, type: 'scan-request', requestId: 'r1', data });
    expect(parseFrameMessage({ ...data, requestId: 42 })).toBeNull();
  });

  const request = { protocol: PROTOCOL, type: 'scan-request', requestId: 'r1', formats: ['ean_13'], timeoutS: null, continuous: false };
  it.each([
    [request, request],
    [{ ...request, formats: ['ean_13', 'ean_13'] }, request],
    [{ ...request, timeoutS: 600 }, { ...request, timeoutS: 600 }],
    [{ ...request, timeoutS: 601 }, null],
    [{ ...request, timeoutS: 1.5 }, null],
    [{ ...request, formats: ['morse'] }, null],
    [{ ...request, formats: 'ean_13' }, null],
    [{ ...request, formats: Array(20).fill('ean_13') }, null],
    [{ ...request, continuous: 'yes' }, null],
    [{ ...request, requestId: '' }, null],
  ])('%j → %j', (data, expected) => {
    expect(parseScanRequest(data)).toEqual(expected);
  });
});
