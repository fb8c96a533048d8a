import { describe, expect, it } from 'vitest';
import {
  buildSignupLink,
  describeCodeLimits,
  describeCodeState,
  describeTrialLength,
  formatRemainingUses,
  formatUsage,
} from './format';

describe('promo code formatting', () => {
  it.each([
    [1, 1, '1 storyfile, 1 recorded answer'],
    [2, 1000, '2 storyfiles, 1,000 recorded answers'],
    [null, null, 'Any storyfiles, any recorded answers'],
  ])(
    'limits %s and %s read "%s" (issue 44: "1 storyfiles")',
    (storyfileLimit, recordedAnswerLimit, text) => {
      expect(describeCodeLimits({ storyfileLimit, recordedAnswerLimit })).toBe(text);
    },
  );

  it('says "1 day", "14 days"', () => {
    expect([describeTrialLength(1), describeTrialLength(14)]).toEqual(['1 day', '14 days']);
  });

  it.each([
    [3, 33, '3 of 33'],
    [1200, 5000, '1,200 of 5,000'],
    [4, null, '4 (no limit)'],
  ])('usage %s against %s reads "%s"', (used, limit, text) => {
    expect(formatUsage(used, limit)).toBe(text);
  });

  it.each([
    [null, 'Unlimited'],
    [0, '0'],
    [1500, '1,500'],
  ])('remaining uses %s read "%s"', (remainingUses, text) => {
    expect(formatRemainingUses({ remainingUses })).toBe(text);
  });

  it.each([
    [{ isActive: false, isExpired: false, remainingUses: 3 }, 'Switched off'],
    [{ isActive: true, isExpired: true, remainingUses: 3 }, 'Expired'],
    [{ isActive: true, isExpired: false, remainingUses: 0 }, 'All uses taken'],
    [{ isActive: true, isExpired: false, remainingUses: null }, 'Open'],
  ])('a code %o is "%s"', (code, text) => {
    expect(describeCodeState(code)).toBe(text);
  });

  it('builds the sign-up link with the code escaped', () => {
    expect(buildSignupLink('https://studio.example', 'A B')).toBe(
      'https://studio.example/signup?code=A%20B',
    );
  });
});
