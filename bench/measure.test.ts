import { describe, expect, it } from 'vitest';
import { runCount } from './measure.ts';

describe('runCount', () => {
  it.each([
    ['unset: the benchmark’s own default', undefined, 4],
    ['a whole number', '7', 7],
    ['one run', '1', 1],
  ])('%s', (_case, value, runs) => {
    expect(runCount('SOME_RUNS', value, 4)).toBe(runs);
  });

  it.each(['0', '-2', '2.5', 'three', ''])('refuses "%s", naming its variable', (value) => {
    expect(() => runCount('SOME_RUNS', value, 4)).toThrow(`SOME_RUNS must be a whole number of at least 1, not "${value}"`);
  });
});
