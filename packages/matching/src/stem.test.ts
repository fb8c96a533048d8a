import { describe, expect, it } from 'vitest';
import { stemWord } from './stem.ts';

// Expected stems are those of Porter's published algorithm.
describe('stemWord', () => {
  it.each([
    ['caresses', 'caress'],
    ['ponies', 'poni'],
    ['cats', 'cat'],
    ['agreed', 'agre'],
    ['plastered', 'plaster'],
    ['motoring', 'motor'],
    ['hopping', 'hop'],
    ['falling', 'fall'],
    ['filing', 'file'],
    ['happy', 'happi'],
    ['relational', 'relat'],
    ['hopefulness', 'hope'],
    ['electrical', 'electr'],
    ['adjustment', 'adjust'],
    ['adoption', 'adopt'],
    ['generalizations', 'gener'],
    ['transferred', 'transfer'],
    ['minutes', 'minut'],
    ['controll', 'control'],
    ['is', 'is'],
    ['sky', 'sky'],
    ['2024', '2024'],
  ])('%s → %s', (word, stem) => {
    expect(stemWord(word)).toBe(stem);
  });
});
