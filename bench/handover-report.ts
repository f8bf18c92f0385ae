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
  /** Where each side's form Sign in → interactive shell went (signInPhases), one per run that could tell. */
  phases: { logout: SignInPhases[]; endShift: SignInPhases[] };
}

/** A request of the next person's sign-in, on the browser's clock (epoch ms); `end` null when it got no answer. */
export interface TimedRequest {
  url: string;
  method: string;
  start: number;
  end: number | null;
}

/**
 * The form's Sign in → the interactive shell, by what it waits for: the provider's redirects back to
 * the callback page, the callback page until it asks for the tokens, the token request, the start's
 * API answers after it, and drawing the shell after the last of them.
 */
export interface SignInPhases {
  provider: number;
  callback: number;
  token: number;
  api: number;
  draw: number;
}

const PHASES: readonly [keyof SignInPhases, string][] = [
  ['provider', "the provider's redirects back to the callback page"],
  ['callback', 'the callback page → its token request'],
  ['token', 'the token request → its answer'],
  ['api', "the tokens → the start's last API answer"],
  ['draw', 'that answer → the interactive shell'],
];

/**
 * The phases of one sign-in from its requests (`issuer`: the provider, `api`: the back end's origin),
 * or null when they do not show a callback page and a token request that was answered.
 */
export function signInPhases(requests: readonly TimedRequest[], signedIn: number, shell: number, origins: { issuer: string; api: string }): SignInPhases | null {
  const callback = requests.find((request) => request.start >= signedIn && new URL(request.url).pathname === '/callback');
  if (!callback) return null;
  const token = requests.find((request) => request.start >= callback.start && request.method === 'POST' && request.url === `${origins.issuer}/token`);
  if (!token || token.end === null) return null;
  const tokenAnswered = token.end;
  const apiAnswers = requests
    .filter((request) => request.url.startsWith(`${origins.api}/`) && request.start >= tokenAnswered && request.end !== null && request.end <= shell)
    .map((request) => request.end as number);
  const lastAnswer = Math.max(tokenAnswered, ...apiAnswers);
  return {
    provider: callback.start - signedIn,
    callback: token.start - callback.start,
    token: tokenAnswered - token.start,
    api: lastAnswer - tokenAnswered,
    draw: shell - lastAnswer,
  };
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
    ...PHASES.map(([phase, label]) => {
      const of = (runs: SignInPhases[]) => ms(median(runs.map((run) => run[phase])));
      return `| … … ${label} | ${of(samples.phases.endShift)} | ${of(samples.phases.logout)} | | | |`;
    }),
    `| Lock → PIN → working frame (the PIN's last digit → the frame on screen) | ${ms(pinToFrame)} | n/a | | ≤ 1 s | ${verdict(pinToFrame, 1000)} |`,
  ].join('\n');
}
