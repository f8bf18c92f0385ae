import { describe, expect, it } from 'vitest';
import { formatHandoverTable, handoverFigures, type HandoverSamples } from './handover-report.ts';

const samples: HandoverSamples = {
  logout: { toForm: [2000, 2200, 2100], toShell: [2000, 2400, 2300] },
  endShift: { toNextPerson: [600, 700, 650], toForm: [300, 350, 320], toShell: [1000, 900, 950] },
  pinToFrame: [300, 250, 400],
};

describe('the handover table', () => {
  it('sums each run’s parts before taking the median, so typing is left out of both handovers', () => {
    expect(handoverFigures(samples)).toEqual({ today: 4400, shared: 1920, pinToFrame: 300 });
  });

  it('holds the two handovers side by side with their ratio against the targets', () => {
    const table = formatHandoverTable(samples, 3, 'a phone', '2 cores');
    expect(table.split('\n')[0]).toBe('Shift handover on the shared handheld: medians of 3 runs, side by side in the same run (a phone; 2 cores).');
    expect(table).toContain("| Handover: tap → the next person's interactive shell (their typing excluded) | 1920 ms | 4400 ms | 0.44× | ≤ 0.5× today's | pass |");
    expect(table).toContain('| Lock → PIN → working frame (the PIN\'s last digit → the frame on screen) | 300 ms | n/a | | ≤ 1 s | pass |');
  });

  it('fails a handover slower than half of today’s, and a run that measured nothing', () => {
    const slow = formatHandoverTable({ ...samples, endShift: { toNextPerson: [3000], toForm: [300], toShell: [1000] } }, 1, 'a phone', '2 cores');
    expect(slow).toMatch(/\| 0\.\d\d× \| ≤ 0\.5× today's \| fail \|/);
    const none = formatHandoverTable({ logout: { toForm: [], toShell: [] }, endShift: { toNextPerson: [], toForm: [], toShell: [] }, pinToFrame: [] }, 0, 'a phone', '2 cores');
    expect(none).toContain('| n/a | n/a | – | ≤ 0.5× today\'s | fail |');
  });
});
