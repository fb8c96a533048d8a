import { describe, expect, it } from 'vitest';
import { findInkSourceTags, parseInkTag, pickInkClipTag } from './tags.ts';

describe('parseInkTag (the clip tag grammar)', () => {
  it.each([
    ['answer: 6f1c', { kind: 'answer', questionId: '6f1c' }],
    ['  Answer :  6f1c  ', { kind: 'answer', questionId: '6f1c' }],
    ['clip: intro', { kind: 'clip', clip: 'intro' }],
    ['clip: idle', { kind: 'clip', clip: 'idle' }],
    ['clip:cannot-answer', { kind: 'clip', clip: 'cannotAnswer' }],
    ['CLIP: Please-Repeat', { kind: 'clip', clip: 'pleaseRepeat' }],
    [
      'answer:',
      { kind: 'invalid', message: 'An answer tag needs a question id: # answer: <question id>.' },
    ],
    [
      'clip: outro',
      {
        kind: 'invalid',
        message: 'Unknown clip "outro": use one of intro, idle, cannot-answer, please-repeat.',
      },
    ],
  ])('%j', (tag, expected) => {
    expect(parseInkTag(tag)).toEqual(expected);
  });

  it.each(['mood: happy', 'answered', 'clipboard: x', ''])("%j is the author's own tag", (tag) => {
    expect(parseInkTag(tag)).toBeNull();
  });

  it('plays the last clip tag of a line and ignores invalid ones', () => {
    expect(pickInkClipTag(['clip: intro', 'mood: shy', 'answer: q1', 'clip: nope'])).toEqual({
      kind: 'answer',
      questionId: 'q1',
    });
    expect(pickInkClipTag(['mood: shy'])).toBeNull();
  });
});

describe('findInkSourceTags', () => {
  it('finds tags with their lines, skipping comments and escaped hashes', () => {
    const source = [
      'Hello! # clip: intro # mood: warm',
      '// a comment # answer: nope',
      'Number \\# one # answer: q1',
      '/* block # answer: hidden',
      'still hidden # answer: hidden */ after # answer: q2',
      '* [Tell me # answer: q3] more',
    ].join('\n');
    expect(findInkSourceTags(source).map(({ line, text }) => ({ line, text }))).toEqual([
      { line: 1, text: 'clip: intro' },
      { line: 1, text: 'mood: warm' },
      { line: 3, text: 'answer: q1' },
      { line: 5, text: 'answer: q2' },
      { line: 6, text: 'answer: q3' },
    ]);
  });
});
