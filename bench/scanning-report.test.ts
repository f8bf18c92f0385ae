import { describe, expect, it } from 'vitest';
import { formatScanningTable, type ScanningSamples } from './scanning-report.ts';

const samples: ScanningSamples = {
  toListener: [12, 30, 18],
  random: { sent: 500, lost: 0, twice: 0, typedIntoShell: 0 },
  camera: { first: 900, again: [400, 500, 450] },
  criticalPath: { gzip: 159.5 * 1024, decoderFiles: [] },
};

describe('the scanning table', () => {
  it('prints each figure beside its target', () => {
    const table = formatScanningTable(samples, 'a phone', '2 cores');
    expect(table.split('\n')[0]).toBe('Scanning on the handheld (a phone; 2 cores).');
    expect(table).toContain("| Wedge scan, focus in the shell: last key → the app's listener (median of 3) | 18 ms | ≤ 50 ms | pass |");
    expect(table).toContain('| 500 scans, focus moved at random between shell and frame: lost | 0 | 0 | pass |');
    expect(table).toContain('| Camera sheet open → first read, WebAssembly decoder: the first opening (the decoder loads) | 900 ms | ≤ 1.0 s | pass |');
    expect(table).toContain('| … the openings after it (median of 3) | 450 ms | ≤ 1.0 s | pass |');
    expect(table).toContain("| Critical path of a signed-in start (the decoder's files on it: none) | 159.5 KB | ≤ 160 KB, no decoder | pass |");
  });

  it('fails a lost, doubled or misplaced scan, a slow read, the decoder on the start’s path, and a run that measured nothing', () => {
    const table = formatScanningTable(
      { toListener: [], random: { sent: 500, lost: 1, twice: 2, typedIntoShell: 3 }, camera: { first: 1200, again: [] }, criticalPath: { gzip: 150 * 1024, decoderFiles: ['assets/CameraSheet.js'] } },
      'a phone',
      '2 cores',
    );
    expect(table).toContain('| n/a | ≤ 50 ms | fail |');
    expect(table).toContain('lost | 1 | 0 | fail |');
    expect(table).toContain('twice | 2 | 0 | fail |');
    expect(table).toContain('shell field | 3 | 0 | fail |');
    expect(table).toContain('| 1200 ms | ≤ 1.0 s | fail |');
    expect(table).toContain('(median of 0) | n/a | ≤ 1.0 s | fail |');
    expect(table).toContain('on it: assets/CameraSheet.js) | 150.0 KB | ≤ 160 KB, no decoder | fail |');
  });
});
