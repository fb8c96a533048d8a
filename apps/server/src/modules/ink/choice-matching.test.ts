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

  it('folds dashes, apostrophes and other punctuation in a choice as the matcher folds questions', () => {
    // The story writes an em dash as a hyphen: "cooperate" is how people type it.
    const dashed = [
      { index: 0, text: 'Co—operate', alternates: [] },
      { index: 1, text: 'Betray them', alternates: [] },
    ];
    for (const typed of ['cooperate', 'co-operate', 'Co operate', 'CO–OPERATE!']) {
      expect(matchInkChoice(typed, dashed), typed).toEqual({ index: 0, score: 1 });
    }
    expect(matchInkChoice('I will cooperate with you', dashed)?.index).toBe(0);
    const quoted = [
      { index: 0, text: 'Don’t go “back” there…', alternates: [] },
      { index: 1, text: "Let's stay", alternates: [] },
    ];
    expect(matchInkChoice("don't go back there", quoted)).toEqual({ index: 0, score: 1 });
    expect(matchInkChoice('dont go back there', quoted)).toEqual({ index: 0, score: 1 });
    expect(matchInkChoice('lets stay', quoted)).toEqual({ index: 1, score: 1 });
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
