import { describe, expect, it } from 'vitest';
import { createPostingPool, MAX_POSTING_COUNT } from './posting-pool.ts';

const RUN = 8;
import type { PostingPool } from './posting-pool.ts';

function readPosting(pool: PostingPool, feature: number): [number, number][] {
  const entries: [number, number][] = [];
  const start = pool.starts[feature] ?? 0;
  for (let at = start; at < start + (pool.lengths[feature] ?? 0); at++) {
    entries.push([pool.slots[at]!, pool.counts[at]!]);
  }
  return entries.sort((a, b) => a[0] - b[0]);
}

describe('posting pool', () => {
  it('keeps each feature’s slots and counts as its run grows and moves', () => {
    const pool = createPostingPool();
    for (let slot = 0; slot < 3 * RUN + 1; slot++) {
      pool.append(0, slot, slot + 5);
      pool.append(5, slot * 10, 1);
    }
    expect(readPosting(pool, 0)).toHaveLength(3 * RUN + 1);
    expect(readPosting(pool, 0)[7]).toEqual([7, 12]);
    expect(readPosting(pool, 5).map(([slot]) => slot)).toContain(240);
    expect(readPosting(pool, 3)).toEqual([]);
  });

  it('matches a plain map of sets under random appends and removals', () => {
    const pool = createPostingPool();
    const expected = new Map<number, Map<number, number>>();
    let seed = 11;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let step = 0; step < 5_000; step++) {
      if (step % 1_000 === 999) {
        pool.compact();
      }
      const feature = Math.floor(random() * 20);
      const slot = Math.floor(random() * 60);
      const slots = expected.get(feature) ?? new Map<number, number>();
      expected.set(feature, slots);
      if (slots.has(slot)) {
        pool.remove(feature, slot);
        slots.delete(slot);
      } else {
        const count = Math.round(random() * 100);
        pool.append(feature, slot, count);
        slots.set(slot, count);
      }
    }
    for (const [feature, slots] of expected) {
      expect(readPosting(pool, feature)).toEqual([...slots].sort((a, b) => a[0] - b[0]));
    }
  });

  it('ignores removal of what is not there', () => {
    const pool = createPostingPool();
    pool.append(1, 4, 1);
    pool.remove(1, 9);
    pool.remove(99, 4);
    expect(readPosting(pool, 1)).toEqual([[4, 1]]);
  });

  it('packs its runs without spare room, and grows again after', () => {
    const pool = createPostingPool();
    for (let feature = 0; feature < 100; feature++) {
      for (let slot = 0; slot <= feature % 5; slot++) {
        pool.append(feature, slot, feature * 10 + slot);
      }
    }
    pool.remove(42, 0);
    expect(pool.countSpare()).toBeGreaterThan(0);
    pool.compact();
    expect(pool.countSpare()).toBe(0);
    expect(pool.slots).toHaveLength(299);
    expect(readPosting(pool, 42)).toEqual([
      [1, 421],
      [2, 422],
    ]);
    expect(readPosting(pool, 99)).toHaveLength(5);
    pool.append(3, 7, 1);
    pool.append(100, 1, 2);
    expect(readPosting(pool, 3).map(([slot]) => slot)).toEqual([0, 1, 2, 3, 7]);
    expect(readPosting(pool, 100)).toEqual([[1, 2]]);
    expect(readPosting(pool, 4)).toHaveLength(5);
    // Runs grown after the compaction keep every entry, wherever they move.
    for (let slot = 10; slot < 40; slot++) {
      pool.append(42, slot, 1);
      pool.append(43, slot, 2);
    }
    expect(readPosting(pool, 42)).toHaveLength(32);
    expect(readPosting(pool, 43)).toHaveLength(34);
    expect(readPosting(pool, 44)).toHaveLength(5);
  });

  it('keeps counts up to MAX_POSTING_COUNT, and more as that many', () => {
    const pool = createPostingPool();
    pool.append(0, 1, MAX_POSTING_COUNT);
    pool.append(0, 2, MAX_POSTING_COUNT + 10);
    expect(readPosting(pool, 0)).toEqual([
      [1, MAX_POSTING_COUNT],
      [2, MAX_POSTING_COUNT],
    ]);
  });
});
