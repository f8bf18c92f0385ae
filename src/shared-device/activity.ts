/**
 * Whether someone is using the device (README "Shared devices"): a touch, a key — a barcode scanner
 * types as a keyboard — a mouse or pen press, the wheel. Cheap: one passive listener per event type,
 * and the caller only notes the time.
 */
const EVENTS = ['pointerdown', 'touchstart', 'keydown', 'wheel'] as const;

/**
 * Inside an embedded page, touches and keys reach that page, not the shell. The browser's user
 * activation does reach the shell (it passes to every ancestor frame, whatever its origin, and lasts
 * about 5 s in Chromium): while focus is in a frame, it is looked at this often.
 */
export const FRAME_SAMPLE_MS = 4000;

/** Calls `onActivity` for every sign of use until the returned function is called. */
export function watchActivity(onActivity: () => void, target: Window = window): () => void {
  const options = { capture: true, passive: true } as const;
  for (const type of EVENTS) target.addEventListener(type, onActivity, options);
  let sampling: ReturnType<typeof setInterval> | undefined;
  const stopSampling = () => {
    clearInterval(sampling);
    sampling = undefined;
  };
  const focusInFrame = () => target.document.activeElement?.tagName === 'IFRAME';
  const sampleFrames = () => {
    const activation = target.navigator.userActivation as UserActivation | undefined;
    if (!activation || !focusInFrame()) return;
    // The touch that moved focus into the frame reached only the frame.
    if (activation.isActive) onActivity();
    stopSampling();
    sampling = setInterval(() => {
      if (activation.isActive) onActivity();
    }, FRAME_SAMPLE_MS);
  };
  // The shell's window loses focus to a frame, or to another window (nothing to sample then).
  target.addEventListener('blur', sampleFrames);
  target.addEventListener('focus', stopSampling);
  sampleFrames();
  return () => {
    for (const type of EVENTS) target.removeEventListener(type, onActivity, options);
    target.removeEventListener('blur', sampleFrames);
    target.removeEventListener('focus', stopSampling);
    stopSampling();
  };
}
