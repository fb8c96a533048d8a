import { describe, expect, it } from 'vitest';
import {
  cleanAlternates,
  DELETED_NAME_IN_USE_MESSAGE,
  findRepeatedAlternate,
  formatRepeatedAlternateMessage,
  itemNameSchema,
  languageSchema,
  normalizeQuestionText,
} from './content.ts';

describe('normalizeQuestionText', () => {
  it.each([
    ['Where were you born?', 'where were you born'],
    ['  WHERE were   you born ?! ', 'where were you born'],
    ['Where were you born.', 'where were you born'],
    ['What’s your name?', "what's your name"],
    ['“Why?”', '"why?"'],
    ['Why', 'why'],
  ])('%j -> %j', (text, key) => {
    expect(normalizeQuestionText(text)).toBe(key);
  });

  it('keeps different questions apart', () => {
    expect(normalizeQuestionText('Where were you born?')).not.toBe(
      normalizeQuestionText('When were you born?'),
    );
  });
});

describe('cleanAlternates', () => {
  it('drops repeats, blanks and the question itself, keeping order', () => {
    expect(
      cleanAlternates('Any kids?', [
        'Do you have children?',
        ' any KIDS ',
        'do you have children',
        '  ',
        'Parent?',
      ]),
    ).toEqual(['Do you have children?', 'Parent?']);
  });
});

describe('findRepeatedAlternate', () => {
  it.each([
    ['Any kids?', ['Do you have children?', 'Parent?'], null],
    ['Any kids?', ['Do you have children?', '  ', 'Parent?'], null],
    [
      'Any kids?',
      ['Do you have children?', ' any KIDS '],
      { alternate: 'any KIDS', repeats: 'question' },
    ],
    [
      'Any kids?',
      ['Do you have children?', 'Parent?', 'do you have   children'],
      { alternate: 'do you have   children', repeats: 'alternate' },
    ],
  ] as const)('%j with %j -> %j', (text, alternates, expected) => {
    expect(findRepeatedAlternate(text, alternates)).toEqual(expected);
  });

  it('says what is repeated in a sentence', () => {
    expect(formatRepeatedAlternateMessage({ alternate: 'any kids', repeats: 'question' })).toBe(
      '"any kids" is the question itself; an alternate phrasing asks it another way.',
    );
    expect(formatRepeatedAlternateMessage({ alternate: 'Parent?', repeats: 'alternate' })).toBe(
      '"Parent?" is already an alternate phrasing of this question.',
    );
  });
});

describe('item names', () => {
  it('trims and accepts ordinary names', () => {
    expect(itemNameSchema.parse('  Grandma Rose ')).toBe('Grandma Rose');
  });

  it.each([
    ['', 'Enter a name.'],
    ['x'.repeat(121), 'A name can have at most 120 characters.'],
    ['Old - Deleted', DELETED_NAME_IN_USE_MESSAGE],
  ])('refuses %j', (name, message) => {
    const result = itemNameSchema.safeParse(name);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('language tags', () => {
  it.each(['en', 'en-US', 'pt-BR', 'zh-Hant-TW'])('accepts %s', (tag) => {
    expect(languageSchema.safeParse(tag).success).toBe(true);
  });
  it.each(['english', 'e', 'en_US', ''])('refuses %j', (tag) => {
    expect(languageSchema.safeParse(tag).success).toBe(false);
  });
});
