import { describe, expect, it } from 'vitest';
import { describeValidationIssues } from '../validation-messages.ts';
import { saveVideoTranscriptBodySchema } from './save-video-transcript.ts';
import { CUE_TEXT_INVISIBLE_MESSAGE } from './transcript.ts';

/** The 400 message a save of these captions gets. */
function refusal(texts: string[]): string | undefined {
  const parsed = saveVideoTranscriptBodySchema.safeParse({
    revision: 1,
    cues: texts.map((text, index) => ({
      startMs: index * 1_000,
      endMs: index * 1_000 + 900,
      text,
    })),
  });
  return parsed.success ? undefined : describeValidationIssues(parsed.error.issues);
}

// Issue 53, item 9: a 600-character caption was refused naming "Question (caption 1)", and a
// caption of only a zero-width space was accepted (an empty caption on screen).
describe("a transcript save's captions", () => {
  it('names a caption too long as the caption it is', () => {
    expect(refusal(['x'.repeat(600)])).toBe('Text (caption 1) can have at most 500 characters.');
    expect(refusal(['fine', 'y'.repeat(501)])).toBe(
      'Text (caption 2) can have at most 500 characters.',
    );
  });

  it.each([
    ['a zero-width space', '\u200B'],
    ['joiners and a byte-order mark', '\u200D\u200C\uFEFF'],
    ['no-break and ideographic spaces', '\u00A0\u3000'],
    ['a Hangul filler', '\u3164'],
    ['a braille blank', '\u2800'],
  ])('refuses a caption of only %s', (_, text) => {
    const message = refusal(['a caption', text]);
    expect(message).toContain('Text (caption 2)');
    expect(message?.toLowerCase()).toContain(CUE_TEXT_INVISIBLE_MESSAGE.toLowerCase());
  });

  it('accepts words, with invisible characters among them', () => {
    expect(refusal(['I grew up on a farm', 'zero\u200Bwidth', '…', '♪'])).toBeUndefined();
  });
});
