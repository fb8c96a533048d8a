import { describe, expect, it } from 'vitest';
import { findTranscriptNames, MAX_TRANSCRIPT_NAMES } from './transcript-names.ts';

describe("the names a storyfile's model learns from its transcripts (issue 41, item 6)", () => {
  it.each([
    ['We moved to Dubuque when my brother Anselm was born.', ['Dubuque', 'Anselm']],
    ["Then I met Rosa's family. They lived in Cedar Rapids.", ['Rosa', 'Cedar', 'Rapids']],
    ['Dubuque is where it started. Later NASA called.', []],
    ['i grew up on a farm in iowa', []],
    ["Well, I'm not sure I'd say so.", []],
  ])('%s', (transcript, names) => {
    expect(findTranscriptNames([transcript])).toEqual(names);
  });

  it(`keeps at most ${MAX_TRANSCRIPT_NAMES}, each once`, () => {
    const many = Array.from(
      { length: 400 },
      (_, index) =>
        `We met Name${'x'.repeat(index % 5)}${String.fromCharCode(97 + (index % 26))}${index} there.`,
    );
    expect(findTranscriptNames(['A Dubuque, b Dubuque.'])).toEqual(['Dubuque']);
    expect(findTranscriptNames(many).length).toBeLessThanOrEqual(MAX_TRANSCRIPT_NAMES);
  });
});
