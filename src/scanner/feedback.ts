import type { ScannerSettings } from '../config/schema.ts';

/** How a read is signalled (the brand's `scanner.feedback`): a short beep, a short vibration, both or neither. */
export type ReadFeedback = ScannerSettings['feedback'];

/**
 * Prepares the signal of a read, and returns it. The beep's audio context is made now, when the sheet
 * opens right after the person's tap (browsers let audio start only then); closing it is the undo.
 */
export function readSignal(feedback: ReadFeedback): { signal(): void; close(): void } {
  const beep = feedback === 'beep' || feedback === 'both';
  const vibrate = feedback === 'vibrate' || feedback === 'both';
  let audio: AudioContext | null = null;
  try {
    audio = beep && typeof AudioContext === 'function' ? new AudioContext() : null;
  } catch {
    audio = null; // no sound on this device: the read shows all the same
  }
  return {
    signal() {
      if (vibrate) navigator.vibrate?.(80);
      if (!audio) return;
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = 2400;
      volume.gain.value = 0.15;
      tone.connect(volume).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.08);
    },
    close: () => void audio?.close().catch(() => undefined),
  };
}
