import { describe, expect, it } from 'vitest';
import { normalizeText, tokenizeForDisplay, tokenizeText } from './normalize.ts';

describe('normalizeText', () => {
  it.each([
    ['Where were you BORN?', 'where were you born'],
    ['  what’s   your name?! ', 'what is your name'],
    ["I can't", 'i can not'],
    ["won't you tell me", 'will not you tell me'],
    [
      "they're here, i'm there, we'll see, i've been, you'd know",
      'they are here i am there we will see i have been you would know',
    ],
    ["my mother's house", 'my mother house'],
    ["let's go", 'let us go'],
    ['Café crème à Zürich', 'cafe creme a zurich'],
    ['$20,000 in 2 days', '20 000 in 2 days'],
    ['', ''],
    ['?!…', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeText(input)).toBe(expected);
  });
});

describe('tokenizeText', () => {
  it.each([
    ['Hello, world', ['hello', 'world']],
    ['   ', []],
    ['one-two_three', ['one', 'two', 'three']],
  ])('%j → %j', (input, expected) => {
    expect(tokenizeText(input)).toEqual(expected);
  });
});

describe('tokenizeForDisplay', () => {
  it.each([
    ['Which CAFÉ did you like?', ['which', 'café', 'did', 'you', 'like']],
    ["What's your favourite animal?!", ['what', 'is', 'your', 'favourite', 'animal']],
    ['  ', []],
  ])('%j → %j', (text, words) => {
    expect(tokenizeForDisplay(text)).toEqual(words);
  });
});
