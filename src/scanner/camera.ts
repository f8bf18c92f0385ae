import type { ScanRefusal } from '../../packages/frame-client/scanner.ts';

/**
 * The device's camera for reading codes (README "Scanning"): the shell holds the permission once for
 * every app, and no frame is allowed the camera. The back camera where there is one.
 */

/** Why the camera could not be had, as the scanner names it to apps. */
export class CameraProblem extends Error {
  constructor(readonly reason: ScanRefusal) {
    super(`No camera: ${reason}`);
    this.name = 'CameraProblem';
  }
}

/** The reason for a failed getUserMedia (its DOMException's name); anything else is no camera to read with. */
export function refusalOf(error: unknown): ScanRefusal {
  if (error instanceof CameraProblem) return error.reason;
  switch (error instanceof DOMException ? error.name : '') {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'permission-denied';
    case 'NotReadableError':
      // Another app holds the camera.
      return 'busy';
    default:
      return 'not-supported';
  }
}

export async function openCamera(media: MediaDevices | undefined = navigator.mediaDevices): Promise<MediaStream> {
  if (!media?.getUserMedia) throw new CameraProblem('not-supported');
  try {
    return await media.getUserMedia({ audio: false, video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } } });
  } catch (error) {
    throw new CameraProblem(refusalOf(error));
  }
}

/** Ends every track of the stream: the camera's light goes out. */
export function stopCamera(stream: MediaStream): void {
  stream.getTracks().forEach((track) => track.stop());
}

/** Whether the track can light its torch (Chrome on Android, most handhelds). */
export function hasTorch(track: MediaStreamTrack): boolean {
  return Boolean((track.getCapabilities?.() as { torch?: boolean } | undefined)?.torch);
}

export function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  return track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}
