import { describe, expect, it } from 'vitest';
import { compareNumericOrText, isNumericString } from './sort.ts';

describe('isNumericString', () => {
  it.each([
    ['10', true],
    ['-3', true],
    ['2.5', true],
    ['.5', true],
    [' 7 ', true],
    ['', false],
    ['1e3', false],
    ['10a', false],
    ['abc', false],
  ])('%j -> %s', (value, expected) => {
    expect(isNumericString(value)).toBe(expected);
  });
});

describe('compareNumericOrText', () => {
  it.each([
    [
      ['10', '9', '100', '1'],
      ['1', '9', '10', '100'],
    ],
    [
      ['2.5', '-1', '2'],
      ['-1', '2', '2.5'],
    ],
    [
      ['banana', 'Apple', 'cherry'],
      ['Apple', 'banana', 'cherry'],
    ],
    [
      ['10a', '9a'],
      ['10a', '9a'],
    ],
  ])('%j sorts to %j', (input, sorted) => {
    expect([...input].sort(compareNumericOrText)).toEqual(sorted);
  });
});
