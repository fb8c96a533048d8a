import { describe, expect, it } from 'vitest';
import {
  describeField,
  describeUnstorableText,
  findUnstorable,
  findUnstorableText,
  MAX_JSON_DEPTH,
} from './unstorable-text.ts';

describe('findUnstorableText', () => {
  it.each([
    ['a plain string', 'Grandma', undefined],
    ['a string with NUL', 'Gran\u0000dma', []],
    ['a nested field', { name: 'ok', topics: [{ name: 'x\u0000' }] }, ['topics', 0, 'name']],
    ['an array item', { tags: ['a', 'b\u0000'] }, ['tags', 1]],
    ['an object key', { 'bad\u0000key': 1 }, []],
    ['numbers, booleans and null', { page: 1, isOn: true, note: null }, undefined],
    ['other control characters PostgreSQL stores', 'tab\there\u0001', undefined],
    // Issue 30, item 8: a lone surrogate is no UTF-8; PostgreSQL refused it (500).
    ['a lone high surrogate', { name: 'a\ud800b' }, ['name']],
    ['a lone low surrogate', { name: 'a\udc00' }, ['name']],
    ['a lone surrogate in a key', { ['k\ud83d']: 1 }, []],
    ['a whole surrogate pair (an emoji)', { name: 'party \ud83c\udf89' }, undefined],
  ])('%s', (_case, value, path) => {
    expect(findUnstorableText(value)).toEqual(path);
  });

  it('names a lone surrogate as such', () => {
    expect(findUnstorable({ label: 'a\ud800b' })).toEqual({ path: ['label'], reason: 'surrogate' });
    expect(describeUnstorableText(['name'], 'surrogate')).toBe(
      '"Name" contains half of a character (a lone UTF-16 surrogate), which cannot be saved. Remove it and try again.',
    );
  });

  // Issue 30, item 5: a 5,000-deep body exhausted the stack (500).
  it('walks a 100,000-deep body without recursion and reports it too deep', () => {
    let deep: unknown = 'end';
    for (let level = 0; level < 100_000; level += 1) {
      deep = level % 2 ? [deep] : { a: deep };
    }
    expect(findUnstorable(deep)).toBe('too-deep');
    let shallow: unknown = 'x\u0000';
    for (let level = 0; level < MAX_JSON_DEPTH - 1; level += 1) {
      shallow = [shallow];
    }
    expect(findUnstorableText(shallow)).toHaveLength(MAX_JSON_DEPTH - 1);
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
    // Issue 53, item 9: a NUL in a GET's filter was told it "cannot be saved".
    expect(describeUnstorableText(['filter'], 'nul', 'querystring')).toBe(
      '"Filter" contains a NUL character (\\u0000), which cannot be searched for or used. Remove it and try again.',
    );
    expect(describeUnstorableText(['id'], 'surrogate', 'params')).toBe(
      '"Item" contains half of a character (a lone UTF-16 surrogate), which cannot be used. Remove it and try again.',
    );
  });
});
