import { describe, expect, it } from 'vitest';
import { matchInkChoice } from './choice-matching.ts';

const CHOICES = [
  {
    index: 0,
    text: 'Tell me about your childhood',
    alternates: ['Where were you born?', 'What is your birthplace?'],
  },
  { index: 1, text: 'What do you do for a living?', alternates: ['What is your job?'] },
];

describe('matchInkChoice', () => {
  it('takes a choice by its own words, whatever the case and punctuation', () => {
    expect(matchInkChoice('tell me about your CHILDHOOD!', CHOICES)).toEqual({
      index: 0,
      score: 1,
    });
  });

  it('takes a choice by its number', () => {
    expect(matchInkChoice('2', CHOICES)).toEqual({ index: 1, score: 1 });
    expect(matchInkChoice('3', CHOICES)).toBeNull();
  });

  it('takes a choice by a paraphrase of it or of the answer behind it', () => {
    expect(matchInkChoice('so what is your job these days', CHOICES)?.index).toBe(1);
    expect(matchInkChoice('which town were you born in', CHOICES)?.index).toBe(0);
  });

  it('leaves an unrelated question to the free-question matcher', () => {
    expect(matchInkChoice('What is the capital of Peru?', CHOICES)).toBeNull();
    // Only function words in common with "What is your job?": not the work branch.
    expect(matchInkChoice('What is your favourite movie?', CHOICES)).toBeNull();
    expect(matchInkChoice('   ', CHOICES)).toBeNull();
    expect(matchInkChoice('childhood', [])).toBeNull();
  });
});
