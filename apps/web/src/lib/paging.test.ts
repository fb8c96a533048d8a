import { describe, expect, it } from 'vitest';
import {
  describePageCount,
  isNextPageDisabled,
  isPreviousPageDisabled,
  parsePageParam,
  validateGoToPage,
  validateRowsPerPage,
} from './paging.ts';

const ROWS_MESSAGE = 'We cannot show less than 1 or more than 100 items per page.';
const LESS_MESSAGE = 'You cannot go to page with number less than 1.';

describe('validateRowsPerPage', () => {
  it.each([
    ['1', { isValid: true, value: 1 }],
    ['30', { isValid: true, value: 30 }],
    [100, { isValid: true, value: 100 }],
    ['0', { isValid: false, message: ROWS_MESSAGE }],
    ['101', { isValid: false, message: ROWS_MESSAGE }],
    ['-5', { isValid: false, message: ROWS_MESSAGE }],
    ['', { isValid: false, message: ROWS_MESSAGE }],
    ['  ', { isValid: false, message: ROWS_MESSAGE }],
    ['abc', { isValid: false, message: ROWS_MESSAGE }],
    ['12.9', { isValid: true, value: 12 }],
  ])('%j -> %j', (input, result) => {
    expect(validateRowsPerPage(input)).toEqual(result);
  });
});

describe('validateGoToPage', () => {
  it.each([
    ['1', 7, { isValid: true, value: 1 }],
    ['7', 7, { isValid: true, value: 7 }],
    [3, 7, { isValid: true, value: 3 }],
    ['8', 7, { isValid: false, message: 'You cannot go to page with number more than 7.' }],
    ['2', 1, { isValid: false, message: 'You cannot go to page with number more than 1.' }],
    ['0', 7, { isValid: false, message: LESS_MESSAGE }],
    ['-1', 7, { isValid: false, message: LESS_MESSAGE }],
    ['', 7, { isValid: false, message: LESS_MESSAGE }],
    ['x', 7, { isValid: false, message: LESS_MESSAGE }],
  ])('%j of %i -> %j', (input, pageCount, result) => {
    expect(validateGoToPage(input, pageCount)).toEqual(result);
  });
});

describe('previous and next buttons', () => {
  it.each([
    [1, 3, true, false],
    [2, 3, false, false],
    [3, 3, false, true],
    [1, 1, true, true],
  ])('page %i of %i: previous disabled %s, next disabled %s', (page, count, isPrev, isNext) => {
    expect(isPreviousPageDisabled(page)).toBe(isPrev);
    expect(isNextPageDisabled(page, count)).toBe(isNext);
  });
});

describe('parsePageParam', () => {
  it.each([
    [null, 1],
    [undefined, 1],
    ['', 1],
    ['0', 1],
    ['-2', 1],
    ['2.5', 1],
    ['abc', 1],
    ['1', 1],
    ['4', 4],
  ])('%j -> %i', (value, page) => {
    expect(parsePageParam(value)).toBe(page);
  });
});

describe('describePageCount', () => {
  it.each([
    [1, 'There is 1 page of exchanges.'],
    [2, 'There are 2 pages of exchanges.'],
    [1200, 'There are 1,200 pages of exchanges.'],
  ])('%i -> %s', (pageCount, sentence) => {
    expect(describePageCount(pageCount, 'exchanges')).toBe(sentence);
  });
});
