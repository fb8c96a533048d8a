import { describe, expect, it } from 'vitest';
import {
  buildSearchPayload,
  canSearch,
  isSearchBoxDisabled,
  readListQuery,
  SEARCH_OPTIONS_EVENT_DELAY_MS,
  type SearchOption,
  shouldClearSearchText,
  writeListQuery,
} from './search-box.ts';

const OPTIONS: SearchOption[] = [
  { value: 'name', label: 'Name', isActive: true, isDisabled: false },
];

describe('canSearch', () => {
  it.each([
    [['name'], 'santa', true],
    [['name', 'email'], ' santa ', true],
    [[], 'santa', false],
    [['name'], '', false],
    [['name'], '   ', false],
  ])('fields %j, text %j -> %s', (fields, text, expected) => {
    expect(canSearch(fields, text)).toBe(expected);
  });
});

describe('isSearchBoxDisabled', () => {
  it.each([
    { options: OPTIONS, pathname: '/storyfiles', isDisabled: false },
    { options: [], pathname: '/storyfiles', isDisabled: true },
    { options: OPTIONS, pathname: '/training/chat_logs', isDisabled: true },
    { options: OPTIONS, pathname: '/training/chat_logs/42', isDisabled: true },
    { options: OPTIONS, pathname: '/training/custom_words', isDisabled: false },
  ])('$options.length options on $pathname -> $isDisabled', ({ options, pathname, isDisabled }) => {
    expect(isSearchBoxDisabled(options, pathname)).toBe(isDisabled);
  });
});

describe('buildSearchPayload', () => {
  it.each([
    [['name'], 'santa', [{ fieldId: 'name', searchText: 'santa' }]],
    [
      ['name', 'email'],
      '  ask santa ',
      [
        { fieldId: 'name', searchText: 'ask santa' },
        { fieldId: 'email', searchText: 'ask santa' },
      ],
    ],
    [['name'], '', []],
    [[], 'santa', []],
  ])('fields %j, text %j -> %j', (fields, text, payload) => {
    expect(buildSearchPayload(fields, text)).toEqual(payload);
  });
});

describe('shouldClearSearchText', () => {
  it.each([
    [[], '/storyfiles', true],
    [['/dashboard'], '/storyfiles', true],
    [['/storyfiles'], '/storyfiles', false],
    [['/storyfiles', '/topics'], '/storyfiles', true],
  ])('history %j entering %s -> %s', (paths, next, expected) => {
    expect(shouldClearSearchText(paths, next)).toBe(expected);
  });
});

describe('list query parameters', () => {
  it.each([
    ['', { search: '', searchOptions: [], page: 1 }],
    [
      'search=santa&searchOptions=name,email&page=3',
      { search: 'santa', searchOptions: ['name', 'email'], page: 3 },
    ],
    ['searchOptions=,name,&page=0', { search: '', searchOptions: ['name'], page: 1 }],
  ])('reads %j', (query, listQuery) => {
    expect(readListQuery(new URLSearchParams(query))).toEqual(listQuery);
  });

  it.each([
    [
      { search: 'santa', searchOptions: ['name', 'email'], page: 3 },
      'tab=record&page=3&search=santa&searchOptions=name%2Cemail',
    ],
    [{ search: '', searchOptions: [], page: 1 }, 'tab=record'],
  ])('writes %j', (listQuery, expected) => {
    const params = new URLSearchParams('tab=record&page=9');
    expect(writeListQuery(params, listQuery).toString()).toBe(expected);
    expect(params.toString()).toBe('tab=record&page=9');
  });

  it('delays search-option events by 500 ms', () => {
    expect(SEARCH_OPTIONS_EVENT_DELAY_MS).toBe(500);
  });
});
