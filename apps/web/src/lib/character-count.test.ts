import { describe, expect, it } from 'vitest';
import { describeCharacterCount } from './character-count';

describe('describeCharacterCount', () => {
  it.each([
    [0, 120, null],
    [95, 120, null],
    [96, 120, '96 of 120 characters (24 left).'],
    [119, 120, '119 of 120 characters (1 left).'],
    [120, 120, '120 of 120 characters: the limit.'],
    [1599, 2000, null],
    [1600, 2000, '1600 of 2000 characters (400 left).'],
  ])('a length of %i of %i says %s', (length, max, expected) => {
    expect(describeCharacterCount(length, max)).toBe(expected);
  });
});
