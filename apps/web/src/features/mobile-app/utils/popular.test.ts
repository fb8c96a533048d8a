import { describe, expect, it } from 'vitest';
import { computePopularInputs, getVisitorWeight } from '@conversa/contracts';
import { explainPopularScore, formatPopularScore } from './popular';

const NOW = new Date('2026-03-31T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

describe('the popular score', () => {
  it.each([
    [0, 1],
    [7, 0.5],
    [14, 0.25],
    [29.999, 0.5 ** (29.999 / 7)],
    [30, 0],
    [-1, 0],
  ])('weighs a visitor %d days ago as %d', (days, weight) => {
    expect(getVisitorWeight(days)).toBeCloseTo(weight, 9);
  });

  it('adds the weights of distinct visitors, by hand', () => {
    // 0.5^(1/7) + 0.5^(8/7) + 0.5^(3/7) = 0.905724 + 0.452862 + 0.742997; 40 days ago counts nothing.
    expect(computePopularInputs([daysAgo(1), daysAgo(8), daysAgo(3), daysAgo(40)], NOW)).toEqual({
      visitors7: 2,
      visitors30: 3,
      score: 2.102,
    });
    expect(computePopularInputs([], NOW)).toEqual({ visitors7: 0, visitors30: 0, score: 0 });
  });

  it('says how the score was made', () => {
    expect(explainPopularScore({ visitors7: 2, visitors30: 3 })).toBe(
      '3 visitors in 30 days (2 in the last 7); each counts half as much every 7 days since their last visit.',
    );
    expect(formatPopularScore(1234.56789)).toBe('1,234.568');
    expect(formatPopularScore(2)).toBe('2');
  });
});
