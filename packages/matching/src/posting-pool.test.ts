import { describe, expect, it } from 'vitest';
import { createPostingPool, POSTING_CHUNK } from './posting-pool.ts';
import type { PostingPool } from './posting-pool.ts';

function readPosting(pool: PostingPool, feature: number): [number, number][] {
  const entries: [number, number][] = [];
  let remaining = pool.lengths[feature] ?? 0;
  for (
    let chunk = pool.heads[feature] ?? -1;
    chunk >= 0 && remaining > 0;
    chunk = pool.nextChunk[chunk]!
  ) {
    const count = Math.min(POSTING_CHUNK, remaining);
    for (let i = 0; i < count; i++) {
      const at = chunk * POSTING_CHUNK + i;
      entries.push([pool.slots[at]!, pool.weights[at]!]);
    }
    remaining -= count;
  }
  return entries.sort((a, b) => a[0] - b[0]);
}

describe('posting pool', () => {
  it('keeps each feature’s slots and weights across chunk boundaries', () => {
    const pool = createPostingPool();
    for (let slot = 0; slot < 3 * POSTING_CHUNK + 1; slot++) {
      pool.append(0, slot, slot + 0.5);
      pool.append(5, slot * 10, 1);
    }
    expect(readPosting(pool, 0)).toHaveLength(3 * POSTING_CHUNK + 1);
    expect(readPosting(pool, 0)[7]).toEqual([7, 7.5]);
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
      const feature = Math.floor(random() * 20);
      const slot = Math.floor(random() * 60);
      const slots = expected.get(feature) ?? new Map<number, number>();
      expected.set(feature, slots);
      if (slots.has(slot)) {
        pool.remove(feature, slot);
        slots.delete(slot);
      } else {
        const weight = Math.round(random() * 100) / 4;
        pool.append(feature, slot, weight);
        slots.set(slot, weight);
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
});
