import { median } from './measure.ts';

/**
 * The scanning benchmark's figures (scanning.ts, issue 55) as a Markdown table beside their targets.
 * Times in milliseconds.
 */
export interface ScanningSamples {
  /** A wedge scan with the focus in the shell: its last key reaching the browser → the app's listener, one per scan. */
  toListener: number[];
  /** Scans with the focus moved at random between the shell and the frame. */
  random: { sent: number; lost: number; twice: number; typedIntoShell: number };
  /** The camera sheet opened (the tap on the app's button) → its first read: the first opening (the decoder loads) and those after it. */
  camera: { first: number | null; again: number[] };
  /** The critical path of a signed-in start (gzip bytes), and the decoder's files found on it. */
  criticalPath: { gzip: number; decoderFiles: string[] };
}

export const TARGETS = { toListenerMs: 50, cameraMs: 1000, criticalPathGzip: 160 * 1024 } as const;

const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toFixed(0)} ms`);
const verdict = (pass: boolean) => (pass ? 'pass' : 'fail');
const within = (value: number | null, limit: number) => value !== null && value <= limit;

export function formatScanningTable(samples: ScanningSamples, device: string, machine: string): string {
  const toListener = median(samples.toListener);
  const { sent, lost, twice, typedIntoShell } = samples.random;
  const again = median(samples.camera.again);
  const { gzip, decoderFiles } = samples.criticalPath;
  return [
    `Scanning on the handheld (${device}; ${machine}).`,
    '',
    '| Figure | Measured | Target | Result |',
    '|---|---:|---|---|',
    `| Wedge scan, focus in the shell: last key → the app's listener (median of ${samples.toListener.length}) | ${ms(toListener)} | ≤ ${TARGETS.toListenerMs} ms | ${verdict(within(toListener, TARGETS.toListenerMs))} |`,
    `| ${sent} scans, focus moved at random between shell and frame: lost | ${lost} | 0 | ${verdict(sent > 0 && lost === 0)} |`,
    `| … delivered twice | ${twice} | 0 | ${verdict(sent > 0 && twice === 0)} |`,
    `| … typed into a shell field | ${typedIntoShell} | 0 | ${verdict(sent > 0 && typedIntoShell === 0)} |`,
    `| Camera sheet open → first read, WebAssembly decoder: the first opening (the decoder loads) | ${ms(samples.camera.first)} | ≤ 1.0 s | ${verdict(within(samples.camera.first, TARGETS.cameraMs))} |`,
    `| … the openings after it (median of ${samples.camera.again.length}) | ${ms(again)} | ≤ 1.0 s | ${verdict(within(again, TARGETS.cameraMs))} |`,
    `| Critical path of a signed-in start (the decoder's files on it: ${decoderFiles.length === 0 ? 'none' : decoderFiles.join(', ')}) | ${(gzip / 1024).toFixed(1)} KB | ≤ 160 KB, no decoder | ${verdict(gzip <= TARGETS.criticalPathGzip && decoderFiles.length === 0)} |`,
  ].join('\n');
}
