import { describe, expect, it } from 'vitest';
import {
  buildIlikeContainsPattern,
  escapeIlikeTerm,
  matchesSearch,
  parseSearchQuery,
} from './search-query.ts';

describe('parseSearchQuery', () => {
  it.each([
    ['', []],
    ['   ', []],
    ['hello', ['hello']],
    ['  hello   world ', ['hello', 'world']],
    ['"hello world"', ['hello world']],
    ['ask "hello world" again', ['ask', 'hello world', 'again']],
    ['"a" "b c"', ['a', 'b c']],
    ['""', []],
    ['"  padded phrase  "', ['padded phrase']],
    ['"unclosed phrase', ['unclosed phrase']],
    ['foo"bar baz"', ['foo', 'bar baz']],
    ['tab\tseparated\nlines', ['tab', 'separated', 'lines']],
    ['100% under_score', ['100%', 'under_score']],
  ])('%j -> %j', (text, terms) => {
    expect(parseSearchQuery(text)).toEqual(terms);
  });
});

describe('matchesSearch', () => {
  const TEXT = 'How do I Reset my password?';
  it.each([
    ['', true],
    ['reset', true],
    ['RESET PASSWORD', true],
    ['password reset', true],
    ['"reset my"', true],
    ['"my reset"', false],
    ['reset email', false],
    ['"RESET MY PASSWORD?"', true],
    ['pass', true],
  ])('%j in the text -> %s', (query, expected) => {
    expect(matchesSearch(TEXT, query)).toBe(expected);
  });
});

describe('escapeIlikeTerm', () => {
  it.each([
    ['plain', 'plain'],
    ['100%', '100\\%'],
    ['under_score', 'under\\_score'],
    ['back\\slash', 'back\\\\slash'],
    ['%_\\', '\\%\\_\\\\'],
  ])('%j -> %j', (term, escaped) => {
    expect(escapeIlikeTerm(term)).toBe(escaped);
  });

  it('wraps the escaped term for a contains match', () => {
    expect(buildIlikeContainsPattern('50%_off')).toBe('%50\\%\\_off%');
  });
});
