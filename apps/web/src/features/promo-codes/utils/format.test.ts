import { describe, expect, it } from 'vitest';
import { buildSignupLink, describeCodeState, formatRemainingUses, formatUsage } from './format';

describe('promo code formatting', () => {
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
