import { describe, expect, it, vi } from 'vitest';
import { CameraProblem, openCamera, refusalOf } from './camera.ts';

describe('why there is no camera, as apps are told', () => {
  it.each([
    ['NotAllowedError', 'permission-denied'],
    ['SecurityError', 'permission-denied'],
    ['NotReadableError', 'busy'],
    ['NotFoundError', 'not-supported'],
    ['OverconstrainedError', 'not-supported'],
    ['AbortError', 'not-supported'],
  ])('%s → %s', (name, reason) => {
    expect(refusalOf(new DOMException('no', name))).toBe(reason);
  });

  it('anything else is no camera to read with', () => {
    expect(refusalOf(new TypeError('boom'))).toBe('not-supported');
    expect(refusalOf(new CameraProblem('locked'))).toBe('locked');
  });

  it('a browser without getUserMedia (an insecure page, an old WebView): not-supported', async () => {
    await expect(openCamera(undefined)).rejects.toEqual(new CameraProblem('not-supported'));
  });

  it('asks for the back camera, no sound', async () => {
    const getUserMedia = vi.fn(async () => ({}) as MediaStream);
    await openCamera({ getUserMedia } as unknown as MediaDevices);
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ audio: false, video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }));
  });
});
