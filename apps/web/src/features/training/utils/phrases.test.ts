import { describe, expect, it } from 'vitest';
import { describeCategoryUsage, parsePhrases } from './phrases';

describe('parsePhrases', () => {
  it.each([
    ['film, movie, motion picture', ['film', 'movie', 'motion picture']],
    ['film\n movie \n\n,', ['film', 'movie']],
    ['', []],
  ])('reads %j', (text, phrases) => {
    expect(parsePhrases(text)).toEqual(phrases);
  });
});

describe('describeCategoryUsage (issue 14 wording)', () => {
  it.each([
    [3, 12, "Used by 3 answers' phrasings, folded in 12 logged questions in the last 30 days"],
    [1, 1, "Used by 1 answer's phrasings, folded in 1 logged question in the last 30 days"],
    [0, 1200, "Used by 0 answers' phrasings, folded in 1,200 logged questions in the last 30 days"],
  ])('%d, %d', (answers, questions, text) => {
    expect(describeCategoryUsage(answers, questions)).toBe(text);
  });
});
