/** API response-time buckets of shell.md §9, named by their upper bound in ms, then ">10000". Pure. */
export const TIME_BUCKETS = [200, 500, 800, 1000, 1500, 2000, 3000, 4000, 5000, 8000, 10000] as const;

export type TimeBucket = `${(typeof TIME_BUCKETS)[number]}` | '>10000';

export function timeBucket(ms: number): TimeBucket {
  const bound = TIME_BUCKETS.find((limit) => ms <= limit);
  return bound === undefined ? '>10000' : `${bound}`;
}
