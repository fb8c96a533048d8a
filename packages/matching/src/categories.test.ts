import { describe, expect, it } from 'vitest';
import {
  createCategoryIndex,
  foldCategoryPhrases,
  foldCategoryPhrasesWithSpans,
} from './categories.ts';
import { tokenizeText } from './normalize.ts';
import { stemWord } from './stem.ts';

const index = createCategoryIndex([
  { id: 'cinema', name: 'Cinema', phrases: ['movie', 'film', 'motion picture'] },
  { id: 'nyc', name: 'New York', phrases: ['new york', 'new york city', 'NYC'] },
  { id: 'empty', name: 'Nothing', phrases: ['', '   '] },
]);

function fold(text: string): string[] {
  return foldCategoryPhrases(tokenizeText(text).map(stemWord), index);
}

describe('foldCategoryPhrases', () => {
  it.each([
    ['my favourite movie', ['my', 'favourit', '#cinema']],
    ['Films I love', ['#cinema', 'i', 'love']],
    ['a motion picture', ['a', '#cinema']],
    ['born in New York City', ['born', 'in', '#nyc']],
    ['new york', ['#nyc']],
    ['new shoes', ['new', 'shoe']],
    ['nyc film', ['#nyc', '#cinema']],
    ['', []],
  ])('%j → %j', (text, expected) => {
    expect(fold(text)).toEqual(expected);
  });

  it('leaves terms alone when there are no categories', () => {
    expect(foldCategoryPhrases(['movi'], createCategoryIndex([]))).toEqual(['movi']);
  });
});

describe('foldCategoryPhrasesWithSpans', () => {
  it.each([
    ['born in New York City', ['born', 'in', '#nyc'], [1, 1, 3]],
    ['a motion picture', ['a', '#cinema'], [1, 2]],
  ])('%j → %j covering %j words', (text, terms, spans) => {
    expect(foldCategoryPhrasesWithSpans(tokenizeText(text).map(stemWord), index)).toEqual({
      terms,
      spans,
    });
  });
});
