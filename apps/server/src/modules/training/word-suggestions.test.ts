import { describe, expect, it } from 'vitest';
import { suggestWords } from './word-suggestions.ts';

describe('suggestWords', () => {
  it('takes capitalised runs after the first word as names, never the sentence start or "I"', () => {
    const items = suggestWords({
      phrasings: ['Where in New York did I live?', 'Tell me about Milwaukee. Where is it?'],
      unmatchedSpoken: [],
      knownTerms: [],
    });
    const names = items.filter((item) => item.source === 'name').map((item) => item.term);
    expect(names).toEqual(['Milwaukee', 'New York']);
  });

  it('offers long words that ordinary questions never use as rare, and leaves out known terms', () => {
    const items = suggestWords({
      phrasings: ['How did the threshing machine work?', 'What about the sawmill?'],
      unmatchedSpoken: [],
      knownTerms: ['sawmill'],
    });
    const rare = items.filter((item) => item.source === 'rare').map((item) => item.term);
    expect(rare).toContain('threshing');
    expect(rare).not.toContain('sawmill');
    expect(rare).not.toContain('machine');
  });

  it('counts content words of unmatched spoken questions that the script does not use', () => {
    const items = suggestWords({
      phrasings: ['Where were you born?'],
      unmatchedSpoken: ['where was the zeppelin born', 'the zeppelin ride', 'what is your name'],
      knownTerms: [],
    });
    const unmatched = items.filter((item) => item.source === 'unmatched');
    expect(unmatched[0]).toEqual({
      term: 'zeppelin',
      source: 'unmatched',
      count: 2,
      example: 'where was the zeppelin born',
    });
    expect(unmatched.map((item) => item.term)).not.toContain('born');
    expect(unmatched.map((item) => item.term)).not.toContain('where');
  });
});

describe('suggestWords from captions', () => {
  it('reads names and rare words of each video’s captions by sentence, after the script’s', () => {
    const items = suggestWords({
      phrasings: ['Did you like Oshkosh?'],
      captions: [
        'My father ran the creamery in Oshkosh. We moved to Sheboygan in 1952, near the lake.',
        'The creamery closed. Sheboygan was quiet.',
      ],
      unmatchedSpoken: [],
      knownTerms: ['creamer'],
    });
    expect(items.filter((item) => item.source === 'name').map((item) => item.term)).toEqual([
      'Oshkosh',
    ]);
    expect(items.filter((item) => item.source === 'caption-name')).toEqual([
      {
        term: 'Sheboygan',
        source: 'caption-name',
        count: 1,
        example: 'We moved to Sheboygan in 1952, near the lake.',
      },
    ]);
    expect(items.filter((item) => item.source === 'caption-rare')).toEqual([
      {
        term: 'creamery',
        source: 'caption-rare',
        count: 2,
        example: 'My father ran the creamery in Oshkosh.',
      },
    ]);
  });
});
