import { describe, expect, it } from 'vitest';
import { formatElapsed } from './format-elapsed';

describe('formatElapsed', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [2_000, '0:02'],
    [59_999, '0:59'],
    [61_000, '1:01'],
    [600_000, '10:00'],
    [-5, '0:00'],
  ])('%d ms → %s', (milliseconds, text) => {
    expect(formatElapsed(milliseconds)).toBe(text);
  });
});
