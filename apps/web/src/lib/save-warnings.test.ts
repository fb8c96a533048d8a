import { describe, expect, it } from 'vitest';
import {
  describeActivityDateWarnings,
  describeEmptyStoryfileWarnings,
  describeFeaturedEndWarnings,
  describePromoExpiryWarnings,
} from './save-warnings';

const NOW = new Date('2026-11-28T12:00:00Z');

describe('save warnings (issue 68)', () => {
  it.each([
    ['2020-03-01', 1],
    ['2026-11-27', 1],
    ['2026-11-28', 0],
    ['2027-01-01', 0],
    ['', 0],
  ])('warns of a promo expiry and a featured end on %s: %i', (day, count) => {
    expect(describePromoExpiryWarnings(day, NOW)).toHaveLength(count);
    expect(describeFeaturedEndWarnings(day, NOW)).toHaveLength(count);
  });

  it('names the date and what it does', () => {
    expect(describePromoExpiryWarnings('2020-03-01', NOW)).toEqual([
      'The expiry date, 3/1/2020, has passed: the code is "Expired" from the start and nobody can redeem it.',
    ]);
    expect(describeFeaturedEndWarnings('2020-03-01', NOW)).toEqual([
      'The end date, 3/1/2020, has passed: the entry is "Ended" from the start and the app does not show it.',
    ]);
  });

  it('warns of an activity due or closed in the past, not of one still ahead', () => {
    const past = describeActivityDateWarnings(
      { dueAt: '2020-03-01T10:00:00.000Z', closeAt: '2020-03-02T10:00:00.000Z' },
      NOW,
    );
    expect(past).toHaveLength(2);
    expect(past[0]).toMatch(
      /^The due date, .*2020.*, has passed: every student starts out "Late"\.$/,
    );
    expect(past[1]).toMatch(/^The close date, .*2020.*, has passed/);
    expect(
      describeActivityDateWarnings({ dueAt: '2027-01-01T10:00:00.000Z', closeAt: null }, NOW),
    ).toEqual([]);
    expect(describeActivityDateWarnings({ dueAt: null, closeAt: null }, NOW)).toEqual([]);
  });

  it('warns of a storyfile with no questions only', () => {
    expect(describeEmptyStoryfileWarnings({ name: 'Ada', questionCount: 0 })).toEqual([
      'Ada has no questions: in the app it can only answer with its fallback clip.',
    ]);
    expect(describeEmptyStoryfileWarnings({ name: 'Ada', questionCount: 1 })).toEqual([]);
  });
});
