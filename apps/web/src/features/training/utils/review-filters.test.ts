import { describe, expect, it } from 'vitest';
import {
  countReviewFilters,
  readReviewFilters,
  toggleSort,
  toReviewRequestQuery,
  writeReviewFilters,
} from './review-filters';

const ID = '6f1d2c9e-0000-4000-8000-000000000001';

describe('readReviewFilters', () => {
  it.each([
    ['', {}],
    [`storyfileId=${ID}&decision=fallback`, { storyfileId: ID, decision: 'fallback' }],
    ['storyfileId=nope&decision=maybe&reviewState=queued', { reviewState: 'queued' }],
    [
      'from=2026-11-01&to=2026-11-21&nearTie=true',
      { from: '2026-11-01', to: '2026-11-21', nearTie: true },
    ],
    ['from=yesterday&nearTie=1', {}],
    ['feedback=none&sort=score&order=asc', { feedback: 'none', sort: 'score', order: 'asc' }],
    ['sort=secret&order=sideways', {}],
  ])('reads "%s"', (search, expected) => {
    expect(readReviewFilters(new URLSearchParams(search))).toEqual(expected);
  });
});

describe('writeReviewFilters', () => {
  it('keeps other parameters and drops empty filters', () => {
    const params = new URLSearchParams('page=3&search=farm&decision=answered');
    const next = writeReviewFilters(params, { reviewState: 'new', nearTie: false });
    expect(next.toString()).toBe('page=3&search=farm&reviewState=new');
  });
});

describe('toReviewRequestQuery', () => {
  it('sends the flag as the server reads it and the list state beside the filters', () => {
    expect(
      toReviewRequestQuery(
        { nearTie: true, channel: 'share' },
        { search: 'farm', searchOptions: ['question'], page: 2, pageSize: 30 },
      ),
    ).toEqual({
      channel: 'share',
      nearTie: 'true',
      search: 'farm',
      searchOptions: 'question',
      page: 2,
      pageSize: 30,
    });
  });
});

describe('toggleSort', () => {
  it.each([
    [{}, 'createdAt', { sort: 'createdAt', order: 'asc' }],
    [{}, 'questionText', { sort: 'questionText', order: 'asc' }],
    [
      { sort: 'questionText', order: 'asc' },
      'questionText',
      { sort: 'questionText', order: 'desc' },
    ],
    [{ sort: 'questionText', order: 'asc' }, 'score', { sort: 'score', order: 'desc' }],
  ] as const)('%o then %s gives %o', (current, field, expected) => {
    expect(toggleSort(current, field)).toEqual(expected);
  });
});

describe('countReviewFilters', () => {
  it('counts filters, not the sort', () => {
    expect(countReviewFilters({ sort: 'score', order: 'asc' })).toBe(0);
    expect(countReviewFilters({ decision: 'fallback', nearTie: true })).toBe(2);
  });
});

describe('the "asked back" filter (issue 40)', () => {
  it('reads, writes and sends it like near-ties', () => {
    expect(readReviewFilters(new URLSearchParams('clarified=true'))).toEqual({ clarified: true });
    expect(readReviewFilters(new URLSearchParams('clarified=1'))).toEqual({});
    expect(writeReviewFilters(new URLSearchParams(), { clarified: true }).toString()).toBe(
      'clarified=true',
    );
    expect(
      toReviewRequestQuery(
        { clarified: true },
        { search: '', searchOptions: [], page: 1, pageSize: 30 },
      ),
    ).toEqual({ clarified: 'true', page: 1, pageSize: 30 });
  });
});
