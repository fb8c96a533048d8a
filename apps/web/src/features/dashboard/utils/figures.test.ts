import { describe, expect, it } from 'vitest';
import { formatShare } from './figures.ts';

describe('formatShare', () => {
  it.each([
    [null, '—'],
    [0, '0%'],
    [0.5, '50%'],
    [0.125, '12.5%'],
    [1 / 3, '33.3%'],
    [1, '100%'],
  ])('formats %s as %s', (share, text) => {
    expect(formatShare(share)).toBe(text);
  });
});
