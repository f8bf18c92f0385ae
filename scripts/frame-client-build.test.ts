import { describe, expect, it } from 'vitest';
import { CORE_BUDGET_GZIP, ENTRIES, entryCost, report } from './frame-client-build.ts';

describe('the frame client package build', () => {
  it('the core, bundled alone and minified, is within 6 KB gzip; the outbox and the scanner are not in it', async () => {
    const core = await entryCost('index', ENTRIES.index);
    expect(core.gzip).toBeLessThanOrEqual(CORE_BUDGET_GZIP);
    const [outbox, scanner] = await Promise.all([entryCost('outbox', ENTRIES.outbox), entryCost('scanner', ENTRIES.scanner)]);
    // Each of them costs something of its own on top of what it shares with the core.
    expect(outbox.gzip).toBeGreaterThan(500);
    expect(scanner.gzip).toBeGreaterThan(core.gzip / 2);
  });

  it.each([
    [CORE_BUDGET_GZIP, true],
    [CORE_BUDGET_GZIP + 1, false],
  ])('a core of %i bytes gzip is within budget: %s (the build exits 1 when not)', (gzip, ok) => {
    const result = report([{ name: 'index', bytes: 3 * gzip, gzip }, { name: 'outbox', bytes: 9000, gzip: 9000 }]);
    expect(result.ok).toBe(ok);
    expect(result.lines).toHaveLength(2);
    expect(result.lines[0]).toMatch(ok ? /index .* gzip {2}\(core budget 6\.0 KB\)$/ : /OVER\)$/);
  });

  it('a report without the core is not within budget', () => expect(report([{ name: 'outbox', bytes: 1, gzip: 1 }]).ok).toBe(false));
});
