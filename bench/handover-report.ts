import { median } from './measure.ts';

/**
 * The shift handover on a shared handheld against today's Logout → sign-in (handover.ts), as a
 * Markdown table. Times in milliseconds; each list holds one value per run.
 */
export interface HandoverSamples {
  /** Today, on a personal device's host: Logout → the provider's form; the form's Sign in → the interactive shell. */
  logout: { toForm: number[]; toShell: number[] };
  /** A shared device: End shift → "Next person: sign in"; its Sign in → the provider's form; the form's Sign in → the interactive shell. */
  endShift: { toNextPerson: number[]; toForm: number[]; toShell: number[] };
  /** The last digit of the PIN on the lock screen → the working frame on screen. */
  pinToFrame: number[];
}

const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} ms`);
const sums = (...parts: number[][]) => (parts[0] ?? []).map((_, run) => parts.reduce((sum, part) => sum + (part[run] ?? NaN), 0));

export interface HandoverFigures {
  today: number | null;
  shared: number | null;
  pinToFrame: number | null;
}

/** The medians the targets are about: each handover's machine time (typing and taps excluded), the unlock. */
export function handoverFigures(samples: HandoverSamples): HandoverFigures {
  return {
    today: median(sums(samples.logout.toForm, samples.logout.toShell)),
    shared: median(sums(samples.endShift.toNextPerson, samples.endShift.toForm, samples.endShift.toShell)),
    pinToFrame: median(samples.pinToFrame),
  };
}

export function formatHandoverTable(samples: HandoverSamples, runs: number, device: string, machine: string): string {
  const { today, shared, pinToFrame } = handoverFigures(samples);
  const ratio = today && shared !== null ? shared / today : null;
  const verdict = (value: number | null, limit: number) => (value === null ? 'fail' : value <= limit ? 'pass' : 'fail');
  return [
    `Shift handover on the shared handheld: medians of ${runs} runs, side by side in the same run (${device}; ${machine}).`,
    '',
    '| Figure | Shared handheld: End shift | Today: Logout | Shared ÷ today | Target | Result |',
    '|---|---:|---:|---:|---|---|',
    `| Handover: tap → the next person's interactive shell (their typing excluded) | ${ms(shared)} | ${ms(today)} | ${ratio === null ? '–' : `${ratio.toFixed(2)}×`} | ≤ 0.5× today's | ${ratio === null ? 'fail' : verdict(ratio, 0.5)} |`,
    `| … the tap → "Next person: sign in" | ${ms(median(samples.endShift.toNextPerson))} | – | | | |`,
    `| … the tap → the provider's form (shared: from "Sign in" there) | ${ms(median(samples.endShift.toForm))} | ${ms(median(samples.logout.toForm))} | | | |`,
    `| … the form's Sign in → the interactive shell with its start frame | ${ms(median(samples.endShift.toShell))} | ${ms(median(samples.logout.toShell))} | | | |`,
    `| Lock → PIN → working frame (the PIN's last digit → the frame on screen) | ${ms(pinToFrame)} | n/a | | ≤ 1 s | ${verdict(pinToFrame, 1000)} |`,
  ].join('\n');
}
