import { describe, expect, it } from 'vitest';
import {
  disagreesOnPrompt,
  promptSentenceStarts,
  questionTokenCap,
  readOnCut,
} from './reading-on.ts';

/** A reading's tokens' texts, as Whisper writes them: a word with its space, punctuation alone. */
const tokensOf = (text: string) => text.match(/ ?[\p{L}\p{N}']+|[^\s\p{L}\p{N}']+/gu) ?? [];
/** Where a cut at `tokens` leaves the reading. */
const kept = (text: string, prompt = '') => {
  const tokens = tokensOf(text);
  const cut = readOnCut(tokens, promptSentenceStarts(prompt));
  return cut === undefined ? undefined : tokens.slice(0, cut).join('');
};

const SCRIPT =
  'Tell me about your parents. What is your earliest memory? Where did you grow up? Who was your hero when you were young?';

describe('a beam that reads on past the question', () => {
  it('ends at the question mark of its question, once another sentence starts', () => {
    expect(kept(' Who was your hero when you were young? Who')).toBe(
      ' Who was your hero when you were young?',
    );
    expect(kept(' If you could have had any other career, what would it have been? What')).toBe(
      ' If you could have had any other career, what would it have been?',
    );
    // The question's end with nothing after it yet is no reading on.
    expect(kept(' Who was your hero when you were young?')).toBeUndefined();
  });

  it("is cut where it starts a sentence of the prompt, after one of the prompt's own", () => {
    expect(kept(' Tell me about your parents. What is your earliest memory', SCRIPT)).toBe(
      ' Tell me about your parents.',
    );
  });

  it('is cut where it says its sentence again, or any 4 words again', () => {
    expect(kept(' Tell me about it. Tell me about your')).toBe(' Tell me about it.');
    expect(kept(' what was the best game of your life what was the best game of')).toBe(
      ' what was the best game of your life',
    );
  });

  it('keeps a question whole: after a short exclamation or a greeting, or saying a word twice', () => {
    expect(kept(' Really? Where did you grow up? And', SCRIPT)).toBe(
      ' Really? Where did you grow up?',
    );
    expect(kept(' Hi there. Where did you grow up', SCRIPT)).toBeUndefined();
    expect(kept(' Did you ever meet the king, the real king')).toBeUndefined();
    expect(
      kept(' What was your favorite subject at school, and why did you like it', SCRIPT),
    ).toBeUndefined();
  });
});

describe("a question's token cap", () => {
  it("leaves room for a fast speaker's words, and grows with the recording", () => {
    // 3.5 words a second at 1.3 tokens a word, and a question mark.
    for (const seconds of [1, 2, 4, 8]) {
      expect(questionTokenCap(seconds)).toBeGreaterThan(seconds * 3.5 * 1.3 + 1);
    }
    expect(questionTokenCap(2)).toBe(24);
  });
});

describe("readings that disagree on the prompt's words", () => {
  const prompt = 'Did you ever meet Elvis? Where were you born? the king. Elvis, Ngozi Okonjo.';

  const reading = (text: string, share: number) => ({ text, share });

  it.each([
    [[reading('Did you ever meet a king?', 0.73), reading('Did you ever meet the king?', 0.21)]],
    [[reading('My aunt and go via Kanjo', 0.8), reading('My aunt Ngozi Okonjo', 0.2)]],
  ])(
    'are a likely reading naming a sentence or word of the prompt that the best does not (%#)',
    (readings) => {
      expect(disagreesOnPrompt(readings, prompt)).toBe(true);
    },
  );

  it.each([
    [[reading('Did you ever meet a king?', 0.9), reading('Did you ever meet the king?', 0.1)]],
    [[reading('Where were you born?', 0.6), reading('Where were you born.', 0.4)]],
    [
      [
        reading('What was the best game of your life?', 0.8),
        reading('What was the best day of your life?', 0.2),
      ],
    ],
    [[reading('Did you ever meet a king?', 1)]],
  ])(
    'are not an unlikely one, one the best agrees with, or words outside the prompt (%#)',
    (readings) => {
      expect(disagreesOnPrompt(readings, prompt)).toBe(false);
    },
  );
});
