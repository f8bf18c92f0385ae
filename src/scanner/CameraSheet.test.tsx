import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../offline/test-support.ts';
import type * as Camera from './camera.ts';
import { CameraProblem } from './camera.ts';
import type * as Decoder from './decoder.ts';
import { CameraSheet } from './CameraSheet.tsx';
import type { SheetRequest } from './shell-scanner.ts';

/** The camera and the decoder as the sheet uses them: a track (with a torch or not) and codes the test shows it. */
const device = vi.hoisted(() => ({
  torch: false,
  refusal: null as unknown,
  codes: [] as { rawValue: string; format: string }[][],
  stopped: 0,
  torchSet: [] as boolean[],
}));
vi.mock('./camera.ts', async (original) => ({
  ...(await original<typeof Camera>()),
  openCamera: async () => {
    if (device.refusal) throw device.refusal;
    // A real (empty) stream, as the video element takes no other; its one track as the sheet asks for it.
    return Object.assign(new MediaStream(), { getVideoTracks: () => [{ kind: 'video' }] });
  },
  stopCamera: () => void device.stopped++,
  hasTorch: () => device.torch,
  setTorch: async (_track: MediaStreamTrack, on: boolean) => void device.torchSet.push(on),
}));
vi.mock('./decoder.ts', async (original) => ({
  ...(await original<typeof Decoder>()),
  createReader: async () => ({ detect: async () => device.codes.shift() ?? [] }),
}));

beforeAll(initTestI18n);
beforeEach(() => {
  Object.assign(device, { torch: false, refusal: null, codes: [], stopped: 0, torchSet: [] });
  HTMLMediaElement.prototype.play = async () => undefined;
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(cleanup);

const request = (patch: Partial<SheetRequest> = {}): SheetRequest => ({ id: 1, formats: [], timeoutS: null, continuous: false, ...patch });

function sheet(patch: Partial<SheetRequest> = {}) {
  const onRead = vi.fn();
  const onClose = vi.fn();
  const view = render(<CameraSheet request={request(patch)} feedback="none" onRead={onRead} onClose={onClose} />);
  return { onRead, onClose, view };
}

describe('the camera sheet', () => {
  it('reads one code, as the browser’s detector gives it, and stops the camera when it closes', async () => {
    device.codes = [[], [{ rawValue: '0036000291452', format: 'upc_a' }]];
    const { onRead, view } = sheet();
    await vi.waitFor(() => expect(onRead).toHaveBeenCalledExactlyOnceWith({ text: '036000291452', source: 'camera', format: 'upc_a' }));
    expect(screen.getByRole('dialog', { name: 'Scan a code' })).toBeTruthy();
    view.unmount();
    expect(device.stopped).toBe(1);
  });

  it('a shelf: each code once while it stays in view, listed on the sheet; Done closes it', async () => {
    device.codes = [[{ rawValue: 'SKU-1', format: 'code_128' }], [{ rawValue: 'SKU-1', format: 'code_128' }], [{ rawValue: 'SKU-2', format: 'code_128' }]];
    const { onRead, onClose } = sheet({ continuous: true });
    await vi.waitFor(() => expect(onRead).toHaveBeenCalledTimes(2));
    expect(onRead.mock.calls.map(([scan]) => (scan as { text: string }).text)).toEqual(['SKU-1', 'SKU-2']);
    await vi.waitFor(() => expect(screen.getByRole('list', { name: 'Codes read' }).textContent).toBe('SKU-2SKU-1'));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith('cancelled');
  });

  it('a code with control characters reaches the app clean; one of nothing but them, not at all', async () => {
    device.codes = [[{ rawValue: '\u0007', format: 'qr_code' }], [{ rawValue: 'A\u202eB', format: 'qr_code' }]];
    const { onRead } = sheet();
    await vi.waitFor(() => expect(onRead).toHaveBeenCalledExactlyOnceWith({ text: 'AB', source: 'camera', format: 'qr_code' }));
  });

  it.each([
    [new DOMException('denied', 'NotAllowedError'), 'permission-denied'],
    [new CameraProblem('not-supported'), 'not-supported'],
  ])('a camera that cannot be had closes it with the reason (%s)', async (problem, reason) => {
    device.refusal = problem;
    const { onClose } = sheet();
    await vi.waitFor(() => expect(onClose).toHaveBeenCalledExactlyOnceWith(reason));
  });

  it('the torch, where the track has one: a toggle that says its state', async () => {
    device.torch = true;
    sheet();
    const torch = await screen.findByRole('button', { name: 'Torch' });
    expect(torch.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(torch);
    await vi.waitFor(() => expect(torch.getAttribute('aria-pressed')).toBe('true'));
    expect(device.torchSet).toEqual([true]);
  });

  it('no torch where the track has none', async () => {
    sheet();
    await screen.findByText('Hold the code inside the frame.');
    expect(screen.queryByRole('button', { name: 'Torch' })).toBeNull();
  });

  it('closes on Escape (cancelled), after the time-out without a read (timed-out), and when the page is put away (cancelled)', async () => {
    const escape = sheet();
    fireEvent(screen.getByRole('dialog', { name: 'Scan a code' }), new Event('cancel', { cancelable: true }));
    expect(escape.onClose).toHaveBeenCalledWith('cancelled');
    cleanup();

    vi.useFakeTimers();
    const timed = sheet({ timeoutS: 2 });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(timed.onClose).toHaveBeenCalledWith('timed-out');
    vi.useRealTimers();
    cleanup();

    const hidden = sheet();
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    expect(hidden.onClose).toHaveBeenCalledWith('cancelled');
  });
});
