import { describe, expect, it } from 'vitest';
import { poolSize, touchPoolEntry, type PoolEntry } from './pool.ts';

const create = (key: string) => () => ({ key, lastUsed: 0 });
const keys = (pool: PoolEntry[]) => pool.map((entry) => entry.key);

describe('frame keep-alive pool', () => {
  it('adds new frames at the end and keeps the order when an old one is used again', () => {
    let pool: PoolEntry[] = [];
    pool = touchPoolEntry(pool, 'a', 1, 3, create('a'));
    pool = touchPoolEntry(pool, 'b', 2, 3, create('b'));
    pool = touchPoolEntry(pool, 'a', 3, 3, create('a'));
    expect(keys(pool)).toEqual(['a', 'b']);
    expect(pool[0]!.lastUsed).toBe(3);
  });

  it('drops the least recently used beyond the size', () => {
    let pool: PoolEntry[] = [];
    for (const [i, key] of ['a', 'b', 'c'].entries()) pool = touchPoolEntry(pool, key, i, 3, create(key));
    pool = touchPoolEntry(pool, 'a', 10, 3, create('a')); // a is fresh again
    pool = touchPoolEntry(pool, 'd', 11, 3, create('d'));
    expect(keys(pool)).toEqual(['a', 'c', 'd']);
  });

  it('never drops the frame being shown, even when the clock has not moved', () => {
    let pool: PoolEntry[] = [];
    pool = touchPoolEntry(pool, 'a', 5, 1, create('a'));
    pool = touchPoolEntry(pool, 'b', 5, 1, create('b'));
    expect(keys(pool)).toEqual(['b']);
  });

  it('orders uses within one millisecond: the later use is the more recent one', () => {
    let pool: PoolEntry[] = [];
    pool = touchPoolEntry(pool, 'a', 5, 2, create('a'));
    pool = touchPoolEntry(pool, 'b', 5, 2, create('b'));
    pool = touchPoolEntry(pool, 'c', 5, 2, create('c'));
    expect(keys(pool)).toEqual(['b', 'c']);
  });

  it('keeps fewer frames on phones', () => {
    expect(poolSize(360)).toBeLessThan(poolSize(1280));
  });
});
