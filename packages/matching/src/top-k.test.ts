import { describe, expect, it } from 'vitest';
import { selectTopK } from './top-k.ts';

describe('selectTopK', () => {
  const scores = Float64Array.from([0.1, 0.9, 0.5, 0.9, 0.3, 0.7]);

  it.each([
    [0, []],
    [1, [1]],
    [3, [1, 3, 5]],
    [10, [1, 3, 5, 2, 4, 0]],
  ])('k = %s', (k, expected) => {
    expect(selectTopK([0, 1, 2, 3, 4, 5], scores, k)).toEqual(expected);
  });

  it('breaks ties towards the smaller item whatever the input order', () => {
    expect(selectTopK([3, 1], scores, 1)).toEqual([1]);
    expect(selectTopK([5, 4, 3, 2, 1, 0], scores, 2)).toEqual([1, 3]);
  });

  it('agrees with a full sort on many items', () => {
    const many = Float64Array.from({ length: 500 }, (_, i) => ((i * 7919) % 997) / 997);
    const items = Array.from({ length: 500 }, (_, i) => i);
    const sorted = [...items].sort((a, b) => many[b]! - many[a]! || a - b);
    expect(selectTopK(items, many, 25)).toEqual(sorted.slice(0, 25));
  });
});
