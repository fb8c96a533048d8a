import { describe, expect, it } from 'vitest';
import { getSignedUrlRefetchDelay, storyfileKeys } from './storyfile-queries';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('getSignedUrlRefetchDelay', () => {
  it.each([
    [[], false],
    [[null, undefined], false],
    [['2026-11-22T11:00:00Z'], 59 * 60_000],
    [['2026-11-22T11:00:00Z', '2026-11-22T10:30:00Z', null], 29 * 60_000],
    // Already (nearly) expired: ask again soon, not in a tight loop.
    [['2026-11-22T10:00:30Z'], 10_000],
    // Valid for weeks: a day, never a timer too long for setTimeout (it would fire at once, in a loop).
    [['2027-01-22T10:00:00Z'], 86_400_000],
  ] as const)('%j -> %s', (expiries, delay) => {
    expect(getSignedUrlRefetchDelay(expiries, NOW)).toBe(delay);
  });
});

describe('storyfileKeys', () => {
  it('put a storyfile’s videos under the storyfiles prefix, beside its detail', () => {
    expect(storyfileKeys.videos('s1')).toEqual(['storyfiles', 'videos', 's1']);
    expect(storyfileKeys.detail('s1')).toEqual(['storyfiles', 'detail', 's1']);
  });
});
