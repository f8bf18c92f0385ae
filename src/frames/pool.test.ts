import { describe, expect, it } from 'vitest';
import { poolSize, usePoolEntry, type PoolEntry } from './pool.ts';

const create = (key: string) => () => ({ key, lastUsed: 0 });
const keys = (pool: PoolEntry[]) => pool.map((entry) => entry.key);

describe('frame keep-alive pool', () => {
  it('adds new frames at the end and keeps the order when an old one is used again', () => {
    let pool: PoolEntry[] = [];
    pool = usePoolEntry(pool, 'a', 1, 3, create('a'));
    pool = usePoolEntry(pool, 'b', 2, 3, create('b'));
    pool = usePoolEntry(pool, 'a', 3, 3, create('a'));
    expect(keys(pool)).toEqual(['a', 'b']);
    expect(pool[0]!.lastUsed).toBe(3);
  });

  it('drops the least recently used beyond the size', () => {
    let pool: PoolEntry[] = [];
    for (const [i, key] of ['a', 'b', 'c'].entries()) pool = usePoolEntry(pool, key, i, 3, create(key));
    pool = usePoolEntry(pool, 'a', 10, 3, create('a')); // a is fresh again
    pool = usePoolEntry(pool, 'd', 11, 3, create('d'));
    expect(keys(pool)).toEqual(['a', 'c', 'd']);
  });

  it('keeps fewer frames on phones', () => {
    expect(poolSize(360)).toBeLessThan(poolSize(1280));
  });
});
