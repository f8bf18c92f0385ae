import { describe, expect, it } from 'vitest';
import { formatHandoverTable, handoverFigures, signInPhases, type HandoverSamples, type TimedRequest } from './handover-report.ts';

const samples: HandoverSamples = {
  logout: { toForm: [2000, 2200, 2100], toShell: [2000, 2400, 2300] },
  endShift: { toNextPerson: [600, 700, 650], toForm: [300, 350, 320], toShell: [1000, 900, 950] },
  pinToFrame: [300, 250, 400],
  phases: { logout: [], endShift: [] },
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
    const none = formatHandoverTable({ logout: { toForm: [], toShell: [] }, endShift: { toNextPerson: [], toForm: [], toShell: [] }, pinToFrame: [], phases: { logout: [], endShift: [] } }, 0, 'a phone', '2 cores');
    expect(none).toContain('| n/a | n/a | – | ≤ 0.5× today\'s | fail |');
  });
});

describe('the phases of the next person’s sign-in', () => {
  const origins = { issuer: 'http://id.test', api: 'http://api.test' };
  const request = (url: string, start: number, end: number | null, method = 'GET'): TimedRequest => ({ url, method, start, end });
  // The form's Sign in at 1000, the interactive shell at 2500.
  const requests = [
    request('http://id.test/interaction/abc/login', 1010, 1200, 'POST'),
    request('http://id.test/auth/abc', 1200, 1400),
    request('http://portal.test/callback?code=x&state=y', 1400, 1405),
    request('http://portal.test/assets/start.js', 1500, 1502),
    request('http://id.test/.well-known/openid-configuration', 1750, 1760),
    request('http://id.test/token', 1800, 1950, 'POST'),
    request('http://api.test/api/v1/sites/user', 2000, 2150),
    request('http://api.test/api/v1/seller-list', 2000, 2300),
    // After the shell: not the start's wait.
    request('http://api.test/api/v1/later', 2400, 2600),
    request('http://erp.test/', 2450, 2480),
  ];

  it('splits Sign in → shell at the callback page, the token request and its answer, and the last API answer', () => {
    expect(signInPhases(requests, 1000, 2500, origins)).toEqual({ provider: 400, callback: 400, token: 150, api: 350, draw: 200 });
  });

  it('gives the API no time when no answer came between the tokens and the shell', () => {
    expect(signInPhases(requests.slice(0, 6), 1000, 2500, origins)).toEqual({ provider: 400, callback: 400, token: 150, api: 0, draw: 550 });
  });

  it('tells nothing without a callback page or an answered token request', () => {
    expect(signInPhases(requests.filter((entry) => !entry.url.includes('/callback')), 1000, 2500, origins)).toBeNull();
    expect(signInPhases(requests.map((entry) => (entry.url.endsWith('/token') ? { ...entry, end: null } : entry)), 1000, 2500, origins)).toBeNull();
  });

  it('adds each phase’s median under the sign-in’s row, both sides', () => {
    const phases = { provider: 400, callback: 400, token: 150, api: 350, draw: 200 };
    const table = formatHandoverTable({ ...samples, phases: { endShift: [phases], logout: [{ ...phases, callback: 500 }] } }, 1, 'a phone', '2 cores');
    expect(table).toContain('| … … the callback page → its token request | 400 ms | 500 ms | | | |');
    expect(table).toContain("| … … the tokens → the start's last API answer | 350 ms | 350 ms | | | |");
    expect(formatHandoverTable(samples, 1, 'a phone', '2 cores')).toContain('| … … that answer → the interactive shell | n/a | n/a | | | |');
  });
});
