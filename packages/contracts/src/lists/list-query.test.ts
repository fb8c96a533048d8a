import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  GO_TO_PAGE_TOO_LOW_MESSAGE,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
} from '../constants.ts';
import { listStoryfilesQuerySchema } from '../storyfiles/list-storyfiles.ts';
import { STORYFILE_SEARCH_OPTIONS } from '../storyfiles/storyfile.ts';
import { getListPageCount, parseSearchOptionsParam } from './list-query.ts';
import { nameTakenQuerySchema } from './name-taken.ts';

function issuesOf(input: Record<string, string>): string[] {
  const result = listStoryfilesQuerySchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('list query (spec §2, §5, §9)', () => {
  it('defaults to page 1 of 30, the default sort and the default search fields', () => {
    expect(listStoryfilesQuerySchema.parse({})).toEqual({
      search: '',
      searchOptions: ['name', 'description'],
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sort: 'name',
      order: 'asc',
      includeDeleted: false,
    });
  });

  it.each([
    [{ pageSize: '0' }, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    [{ pageSize: '101' }, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    [{ pageSize: '1.5' }, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    [{ pageSize: 'x' }, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    [{ page: '0' }, GO_TO_PAGE_TOO_LOW_MESSAGE],
    [{ page: '' }, GO_TO_PAGE_TOO_LOW_MESSAGE],
    [{ page: 'two' }, GO_TO_PAGE_TOO_LOW_MESSAGE],
  ])('%j is refused with the spec message', (input, message) => {
    expect(issuesOf(input)).toEqual([message]);
  });

  it.each([
    ['1', 1],
    ['100', 100],
    ['30', 30],
  ])('pageSize %s is accepted', (pageSize, expected) => {
    expect(listStoryfilesQuerySchema.parse({ pageSize }).pageSize).toBe(expected);
  });

  it('reads searchOptions as comma-separated field ids, ignoring blanks and repeats', () => {
    expect(
      listStoryfilesQuerySchema.parse({ searchOptions: ' questions,,name,questions ' })
        .searchOptions,
    ).toEqual(['questions', 'name']);
  });

  it('names the unknown field and the known ones', () => {
    expect(parseSearchOptionsParam('name,colour', STORYFILE_SEARCH_OPTIONS)).toEqual({
      error: 'Unknown search field "colour". Use any of: name, description, questions, language.',
    });
  });

  it('reads includeDeleted as true or false only', () => {
    expect(listStoryfilesQuerySchema.parse({ includeDeleted: 'true' }).includeDeleted).toBe(true);
    expect(issuesOf({ includeDeleted: 'yes' })).toEqual(['Use true or false.']);
  });

  it.each([
    [0, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [100, 7, 15],
  ])('%i items at %i per page make %i pages', (total, pageSize, pages) => {
    expect(getListPageCount(total, pageSize)).toBe(pages);
  });
});

describe('nameTaken query (spec §7)', () => {
  const id = '7f1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('trims the name and splits organizationIds', () => {
    expect(
      nameTakenQuerySchema.parse({ name: '  Rose ', organizationIds: `${id}, ${id},` }),
    ).toEqual({
      name: 'Rose',
      organizationIds: [id],
    });
  });

  it('leaves organizationIds unset when empty', () => {
    expect(
      nameTakenQuerySchema.parse({ name: 'Rose', organizationIds: '' }).organizationIds,
    ).toBeUndefined();
  });

  it('refuses an id that is not a namespace id, and an empty name', () => {
    expect(nameTakenQuerySchema.safeParse({ name: 'Rose', organizationIds: 'acme' }).success).toBe(
      false,
    );
    expect(nameTakenQuerySchema.safeParse({ name: '   ' }).success).toBe(false);
  });
});
