import { describe, expect, it } from 'vitest';
import { applyHeardAsRules } from './replacements.ts';

const MILWAUKEE = { heardAs: 'mill walkie', replacement: 'Milwaukee' };

describe('applyHeardAsRules', () => {
  it.each([
    ['did you live in mill walkie', [MILWAUKEE], 'did you live in Milwaukee'],
    ['did you live in Mill  Walkie?', [MILWAUKEE], 'did you live in Milwaukee?'],
    ['mill walkies are not a place', [MILWAUKEE], 'mill walkies are not a place'],
    ['the windmill walkie', [MILWAUKEE], 'the windmill walkie'],
    [
      'new york city or new york',
      [
        { heardAs: 'new york', replacement: 'NY' },
        { heardAs: 'new york city', replacement: 'NYC' },
      ],
      'NYC or NY',
    ],
    // Escaped: as a regular expression "(b)" would have matched the b alone ("a (bee) c").
    ['a (b) c', [{ heardAs: '(b)', replacement: 'bee' }], 'a bee c'],
    ['a+b is c', [{ heardAs: 'a+b', replacement: 'sum' }], 'sum is c'],
    ['nothing here', [], 'nothing here'],
    ['blank rule', [{ heardAs: '  ', replacement: 'x' }], 'blank rule'],
  ])('%j', (text, rules, expected) => {
    expect(applyHeardAsRules(text, rules).text).toBe(expected);
  });

  it('does not replace what it has just written', () => {
    expect(
      applyHeardAsRules('grand pa', [
        { heardAs: 'grand pa', replacement: 'grandpa' },
        { heardAs: 'grandpa', replacement: 'WRONG' },
      ]).text,
    ).toBe('grandpa');
  });

  it('says which rules applied and how often', () => {
    expect(applyHeardAsRules('mill walkie, mill walkie', [MILWAUKEE]).applied).toEqual([
      { heardAs: 'mill walkie', replacement: 'Milwaukee', count: 2 },
    ]);
  });
});
