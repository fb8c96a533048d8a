import { describe, expect, it } from 'vitest';
import { describeField, describeUnstorableText, findUnstorableText } from './unstorable-text.ts';

describe('findUnstorableText', () => {
  it.each([
    ['a plain string', 'Grandma', undefined],
    ['a string with NUL', 'Gran\u0000dma', []],
    ['a nested field', { name: 'ok', topics: [{ name: 'x\u0000' }] }, ['topics', 0, 'name']],
    ['an array item', { tags: ['a', 'b\u0000'] }, ['tags', 1]],
    ['an object key', { 'bad\u0000key': 1 }, []],
    ['numbers, booleans and null', { page: 1, isOn: true, note: null }, undefined],
    ['other control characters PostgreSQL stores', 'tab\there\u0001', undefined],
  ])('%s', (_case, value, path) => {
    expect(findUnstorableText(value)).toEqual(path);
  });
});

describe('describeField', () => {
  it.each([
    [['name'], '"Name"'],
    [['namespaceId'], '"Namespace"'],
    [['topics', 0, 'questions', 2, 'text'], '"Question (topic 1, question 3)"'],
    [['search_options'], '"Search options"'],
    [[], 'The request'],
  ])('%j reads %s', (path, label) => {
    expect(describeField(path)).toBe(label);
  });

  it('names the field in a sentence that says what to do', () => {
    expect(describeUnstorableText(['description'])).toBe(
      '"Description" contains a NUL character (\\u0000), which cannot be saved. Remove it and try again.',
    );
  });
});
