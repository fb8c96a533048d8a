import { describe, expect, it } from 'vitest';
import { FEATURED_DATES_ORDER_MESSAGE, type FeaturedEntry } from '@conversa/contracts';
import {
  checkFeaturedDates,
  describeFeaturedDates,
  getFeaturedStatus,
  moveFeatured,
} from './featured-order';

function entry(id: string, position: number): FeaturedEntry {
  return {
    storyfileId: id,
    name: id,
    organizationLabel: 'north',
    position,
    startsOn: null,
    endsOn: null,
    isPublished: true,
    inApp: true,
    isShown: true,
  };
}

const LIST = [entry('a', 0), entry('b', 1), entry('c', 2)];
const ids = (items: FeaturedEntry[]) => items.map((item) => `${item.storyfileId}${item.position}`);

describe('moveFeatured', () => {
  it.each([
    [0, 2, ['b0', 'c1', 'a2']],
    [2, 0, ['c0', 'a1', 'b2']],
    [1, 1, ['a0', 'b1', 'c2']],
    [0, 9, ['b0', 'c1', 'a2']],
    [2, -3, ['c0', 'a1', 'b2']],
    [5, 0, ['a0', 'b1', 'c2']],
  ])('moves %i to %i and renumbers', (from, to, expected) => {
    expect(ids(moveFeatured(LIST, from, to))).toEqual(expected);
  });

  it('leaves the given list alone', () => {
    moveFeatured(LIST, 0, 2);
    expect(ids(LIST)).toEqual(['a0', 'b1', 'c2']);
  });
});

describe('featured dates', () => {
  it.each([
    ['', '', null],
    ['2026-05-01', '', null],
    ['', '2026-05-01', null],
    ['2026-05-01', '2026-05-01', null],
    ['2026-05-02', '2026-05-01', FEATURED_DATES_ORDER_MESSAGE],
  ])('start %j and end %j give %j', (startsOn, endsOn, expected) => {
    expect(checkFeaturedDates(startsOn, endsOn)).toBe(expected);
  });

  it('describes them in US dates', () => {
    expect(describeFeaturedDates({ startsOn: null, endsOn: null })).toBe('Always');
    expect(describeFeaturedDates({ startsOn: '2026-01-05', endsOn: null })).toBe('From 1/5/2026');
    expect(describeFeaturedDates({ startsOn: null, endsOn: '2026-02-01' })).toBe('Until 2/1/2026');
    expect(describeFeaturedDates({ startsOn: '2026-01-05', endsOn: '2026-02-01' })).toBe(
      '1/5/2026 to 2/1/2026',
    );
  });

  it.each([
    [{ isPublished: false }, 'Hidden: unpublished by its owner', false],
    [{ inApp: false }, 'Hidden: not in the app', false],
    [{ startsOn: '2026-03-02' }, 'Starts later', false],
    [{ endsOn: '2026-02-28' }, 'Ended', false],
    [{ startsOn: '2026-03-01', endsOn: '2026-03-01' }, 'Shown in the app', true],
  ])('status of %j on 2026-03-01', (changes, label, isShown) => {
    expect(getFeaturedStatus({ ...entry('a', 0), ...changes }, '2026-03-01')).toEqual({
      label,
      isShown,
    });
  });
});
