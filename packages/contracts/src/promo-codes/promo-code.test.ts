import { describe, expect, it } from 'vitest';
import { formatTrialLimitMessage, TRIAL_UPGRADE_HINT } from './promo-code.ts';

describe('formatTrialLimitMessage', () => {
  it.each([
    ['storyfiles', 1, 'Your free trial allows 1 storyfile,'],
    ['storyfiles', 2, 'Your free trial allows 2 storyfiles,'],
    ['storyfiles', 0, 'Your free trial allows 0 storyfiles,'],
    ['recorded answers', 1, 'Your free trial allows 1 recorded answer,'],
    ['recorded answers', 25, 'Your free trial allows 25 recorded answers,'],
  ] as const)('names %s in the number of %i', (limit, allowed, opening) => {
    expect(formatTrialLimitMessage(limit, allowed)).toBe(
      `${opening} and your organization has reached that limit. ${TRIAL_UPGRADE_HINT}`,
    );
  });
});
