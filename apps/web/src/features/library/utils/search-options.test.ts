import { SCRIPT_SEARCH_OPTIONS } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { toSearchBoxOptions, toSearchOptionsParam } from './search-options';

describe('search options', () => {
  it('maps the contract fields to the search box', () => {
    expect(toSearchBoxOptions(SCRIPT_SEARCH_OPTIONS)).toEqual([
      { value: 'name', label: 'Name', isActive: true, isDisabled: false },
      { value: 'description', label: 'Description', isActive: true, isDisabled: false },
      { value: 'questions', label: 'Questions', isActive: false, isDisabled: false },
    ]);
  });

  it.each([
    [['name', 'questions'], 'name,questions'],
    [['name', 'bogus'], 'name'],
    [[], ''],
  ])('keeps only known fields of %j', (fields, expected) => {
    expect(toSearchOptionsParam(fields, SCRIPT_SEARCH_OPTIONS)).toBe(expected);
  });
});
