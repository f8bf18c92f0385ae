import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL } from '../../packages/frame-client/protocol.ts';
import { scannerSchema } from '../config/schema.ts';
import { sendScan, type KnownFrame } from '../frames/messenger.ts';
import { ShellScanner, type DeviceState, type ScannerPage } from './shell-scanner.ts';

const settings = v.parse(scannerSchema, { open: [{ pattern: '^PL-(?<list>\\d+)-\\d+$', route: '/warehousing/export/picking-process?pickingList={list}' }] });
const frameWindow = () => ({ postMessage: vi.fn() }) as unknown as Window;

function setUp({ listening = true, device = 'working' as DeviceState } = {}) {
  const frame: KnownFrame = { key: 'picking', origin: 'http://warehouse-site-pos.portal.localhost', window: frameWindow() };
  const other: KnownFrame = { key: 'other', origin: 'http://pos.portal.localhost', window: frameWindow() };
  const notice = vi.fn();
  const state = { shown: frame, listening, device };
  const page = {
    listeningFrame: vi.fn(() => (state.listening ? state.shown : null)),
    shown: vi.fn((candidate: KnownFrame) => candidate === state.shown),
    device: vi.fn(() => state.device),
    onLock: vi.fn(),
    open: vi.fn(),
    send: sendScan,
  } satisfies ScannerPage;
  const scanner = new ShellScanner(settings, notice);
  scanner.follow(page);
  const posted = (target: KnownFrame) => vi.mocked(target.window.postMessage).mock.calls.map(([message]) => message);
  return { scanner, page, notice, frame, other, state, posted };
}

const request = (requestId: string, data: Record<string, unknown> = {}) => ({
  protocol: PROTOCOL as typeof PROTOCOL,
  type: 'scan-request' as const,
  requestId,
  data: { protocol: PROTOCOL, type: 'scan-request', requestId, formats: [], timeoutS: null, continuous: false, ...data },
});

describe('where the shell sends a scan', () => {
  it('to the visible frame’s app when it listens, at its origin, once', () => {
    const { scanner, frame, page, notice, posted } = setUp();
    scanner.take({ text: 'PL-42-0007', source: 'wedge' }, 'app');
    expect(posted(frame)).toEqual([{ protocol: PROTOCOL, type: 'scan', scan: { text: 'PL-42-0007', source: 'wedge' } }]);
    expect(frame.window.postMessage).toHaveBeenCalledWith(expect.anything(), frame.origin);
    expect(page.open).not.toHaveBeenCalled();
    expect(notice).not.toHaveBeenCalled();
  });

  it('to scan to open when no app listens; else a notice naming it', () => {
    const { scanner, page, notice } = setUp({ listening: false });
    scanner.take({ text: 'PL-42-0007', source: 'wedge' }, 'app');
    scanner.take({ text: '8934567890123', source: 'wedge' }, 'app');
    expect(page.open).toHaveBeenCalledExactlyOnceWith('/warehousing/export/picking-process?pickingList=42');
    expect(notice).toHaveBeenCalledExactlyOnceWith('8934567890123');
  });

  it('to the lock only while the device is locked', () => {
    const { scanner, page, frame, posted } = setUp({ device: 'locked' });
    scanner.take({ text: 'EMP-staff-0003', source: 'wedge' }, 'app');
    expect(page.onLock).toHaveBeenCalledExactlyOnceWith('EMP-staff-0003');
    expect(posted(frame)).toEqual([]);
  });
});

describe('the camera sheet', () => {
  afterEach(() => vi.restoreAllMocks());

  it('opens over the frame that asked: opened at once, the code, then done', () => {
    const { scanner, frame, posted } = setUp();
    const post = vi.fn();
    scanner.request(frame, request('r1', { formats: ['qr_code'], timeoutS: 30 }), post);
    const sheet = scanner.getState().sheet!;
    expect(sheet).toMatchObject({ formats: ['qr_code'], timeoutS: 30, continuous: false });
    scanner.read(sheet.id, { text: 'QR-1', source: 'camera', format: 'qr_code' });
    expect(post.mock.calls.map(([reply]) => reply)).toEqual([
      { protocol: PROTOCOL, type: 'scan-opened', requestId: 'r1' },
      { protocol: PROTOCOL, type: 'scan-read', requestId: 'r1', scan: { text: 'QR-1', source: 'camera', format: 'qr_code' } },
      { protocol: PROTOCOL, type: 'scan-done', requestId: 'r1', reason: null },
    ]);
    expect(scanner.getState().sheet).toBeNull();
    // The camera's read went to the asker only, not to its scan listener as well.
    expect(posted(frame)).toEqual([]);
  });

  it('continuous: reads one by one until the person closes it', () => {
    const { scanner, frame } = setUp();
    const post = vi.fn();
    scanner.request(frame, request('r1', { continuous: true }), post);
    const { id } = scanner.getState().sheet!;
    scanner.read(id, { text: 'SKU-1', source: 'camera' });
    scanner.read(id, { text: 'SKU-2', source: 'camera' });
    expect(scanner.getState().sheet).not.toBeNull();
    scanner.close(id, 'cancelled');
    expect(post.mock.calls.map(([reply]) => (reply as { type: string }).type)).toEqual(['scan-opened', 'scan-read', 'scan-read', 'scan-done']);
  });

  it.each([
    ['a request it cannot read', () => request('r2', { formats: ['morse'] }), 'working', 'not-supported'],
    ['a device that is locked', () => request('r2'), 'locked', 'locked'],
  ] as const)('refuses %s', (_, message, device, reason) => {
    const { scanner, frame } = setUp({ device });
    const post = vi.fn();
    scanner.request(frame, message(), post);
    expect(post).toHaveBeenCalledExactlyOnceWith({ protocol: PROTOCOL, type: 'scan-done', requestId: 'r2', reason });
    expect(scanner.getState().sheet).toBeNull();
  });

  it('one sheet at a time, and only over the frame shown: busy', () => {
    const { scanner, frame, other } = setUp();
    scanner.request(frame, request('r1'), vi.fn());
    const second = vi.fn();
    scanner.request(frame, request('r2'), second);
    const hidden = vi.fn();
    scanner.close(scanner.getState().sheet!.id, 'cancelled');
    scanner.request(other, request('r3'), hidden);
    expect(second).toHaveBeenCalledExactlyOnceWith({ protocol: PROTOCOL, type: 'scan-done', requestId: 'r2', reason: 'busy' });
    expect(hidden).toHaveBeenCalledExactlyOnceWith({ protocol: PROTOCOL, type: 'scan-done', requestId: 'r3', reason: 'busy' });
  });

  it.each([
    ['the device locks', (state: { device: DeviceState }) => (state.device = 'locked'), 'locked'],
    ['the shift ends', (state: { device: DeviceState }) => (state.device = 'ending'), 'cancelled'],
    ['the asking frame is no longer shown', (state: { shown: KnownFrame | null }) => (state.shown = null), 'cancelled'],
  ] as const)('closes when %s', (_, change, reason) => {
    const { scanner, frame, state } = setUp();
    const post = vi.fn();
    scanner.request(frame, request('r1'), post);
    change(state as never);
    scanner.check();
    expect(post).toHaveBeenLastCalledWith({ protocol: PROTOCOL, type: 'scan-done', requestId: 'r1', reason });
    expect(scanner.getState().sheet).toBeNull();
  });

  it('the header’s button: the code opens its route before the app takes it, and the sheet closes', () => {
    const { scanner, page, frame, posted } = setUp();
    scanner.openCamera();
    const { id, formats } = scanner.getState().sheet!;
    expect(formats).toEqual([]);
    scanner.read(id, { text: 'PL-42-0007', source: 'camera', format: 'code_128' });
    expect(page.open).toHaveBeenCalledExactlyOnceWith('/warehousing/export/picking-process?pickingList=42');
    expect(posted(frame)).toEqual([]);
    expect(scanner.getState().sheet).toBeNull();
  });

  it('the header’s button opens nothing while locked or while a sheet is open', () => {
    const locked = setUp({ device: 'locked' });
    locked.scanner.openCamera();
    expect(locked.scanner.getState().sheet).toBeNull();
    const { scanner } = setUp();
    scanner.openCamera();
    const first = scanner.getState().sheet;
    scanner.openCamera();
    expect(scanner.getState().sheet).toBe(first);
  });

  it('reads and closings of a sheet that is gone are ignored', () => {
    const { scanner, frame } = setUp();
    const post = vi.fn();
    scanner.request(frame, request('r1'), post);
    const { id } = scanner.getState().sheet!;
    scanner.close(id, 'cancelled');
    scanner.read(id, { text: 'late', source: 'camera' });
    scanner.close(id, 'timed-out');
    expect(post).toHaveBeenCalledTimes(2);
  });
});

describe('the wedge over the shell’s document', () => {
  it('a burst anywhere in the shell reaches the listening app, and its keys reach no field', () => {
    const { scanner, frame, posted } = setUp();
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    const stop = scanner.listen(window);
    const from = performance.now();
    [...'PL-42-0007', 'Enter'].forEach((key, index) => {
      const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, composed: true });
      Object.defineProperty(event, 'timeStamp', { value: from + index * 8 });
      if (field.dispatchEvent(event) && key.length === 1) field.value += key;
    });
    stop();
    field.remove();
    expect(posted(frame)).toEqual([{ protocol: PROTOCOL, type: 'scan', scan: { text: 'PL-42-0007', source: 'wedge' } }]);
    expect(field.value).toBe('');
  });
});
