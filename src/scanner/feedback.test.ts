import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSignal } from './feedback.ts';

/** An audio context that records the tones it plays. */
function fakeAudio() {
  const tones: number[] = [];
  class FakeAudioContext {
    currentTime = 0;
    destination = {};
    createOscillator() {
      const tone = { frequency: { value: 0 }, connect: (next: unknown) => next, start: () => tones.push(tone.frequency.value), stop: vi.fn() };
      return tone;
    }
    createGain() {
      return { gain: { value: 1 }, connect: (next: unknown) => next };
    }
    close = vi.fn(async () => undefined);
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  return tones;
}

afterEach(() => vi.unstubAllGlobals());

describe('a read’s signal', () => {
  it.each([
    ['both', 1, 1],
    ['beep', 1, 0],
    ['vibrate', 0, 1],
    ['none', 0, 0],
  ] as const)('%s: %d beep, %d vibration', (feedback, beeps, vibrations) => {
    const tones = fakeAudio();
    const vibrate = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, vibrate });
    readSignal(feedback).signal();
    expect(tones).toHaveLength(beeps);
    expect(vibrate).toHaveBeenCalledTimes(vibrations);
  });

  it('a device without sound or vibration signals nothing, and says nothing goes wrong', () => {
    vi.stubGlobal('AudioContext', class {
      constructor() {
        throw new Error('no audio');
      }
    });
    vi.stubGlobal('navigator', { ...navigator, vibrate: undefined });
    expect(() => readSignal('both').signal()).not.toThrow();
  });
});
