/**
 * A seeded pseudo-random generator (mulberry32) for tests and benchmarks that make random plans: the
 * seed is printed, and the same seed makes the same plan again.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed from `variable` in the environment (a whole number), else a new one. */
export function seedFrom(variable: string): number {
  const given = process.env[variable];
  if (given === undefined || given === '') return Math.floor(Math.random() * 2 ** 31);
  if (!/^\d+$/.test(given)) throw new Error(`${variable} must be a whole number, not ${JSON.stringify(given)}`);
  return Number(given);
}
