import { describe, expect, it } from 'vitest';
import { roundShares } from './shares';

describe('roundShares', () => {
  it.each([
    // Issue 32: 3 of 8 answered and 5 fell back read "38% answered, 63% fell back" (101%).
    { parts: [3, 5], total: 8, shares: [38, 62] },
    { parts: [6, 2], total: 8, shares: [75, 25] },
    { parts: [1, 1, 1], total: 3, shares: [34, 33, 33] },
    { parts: [2, 1], total: 3, shares: [67, 33] },
    { parts: [1, 0], total: 1, shares: [100, 0] },
    { parts: [0, 0], total: 5, shares: [0, 0] },
    // Parts short of the total: the unnamed rest takes its share, the named ones stay honest.
    { parts: [1, 1], total: 3, shares: [34, 33] },
    { parts: [1, 2], total: 6, shares: [17, 33] },
  ])('$parts of $total → $shares', ({ parts, total, shares }) => {
    expect(roundShares(parts, total)).toEqual(shares);
  });

  it('adds up to 100 whenever the parts make the total', () => {
    for (let total = 1; total <= 60; total += 1) {
      for (let first = 0; first <= total; first += 1) {
        for (const parts of [
          [first, total - first],
          [Math.floor(first / 2), Math.ceil(first / 2), total - first],
        ]) {
          const shares = roundShares(parts, total);
          expect(shares.reduce((sum: number, share) => sum + (share ?? 0), 0)).toBe(100);
        }
      }
    }
  });

  it('has no share of nothing', () => {
    expect(roundShares([0, 0], 0)).toEqual([null, null]);
  });
});
