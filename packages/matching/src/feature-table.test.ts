import { describe, expect, it } from 'vitest';
import { createFeatureTable } from './feature-table.ts';
import { BIGRAM_FAMILY, CHAR_FAMILY, WORD_FAMILY } from './features.ts';

describe('a feature table', () => {
  it('keeps every feature\u2019s id through the packing of its n-grams, and after it', () => {
    const table = createFeatureTable((family) => (family === WORD_FAMILY ? 0.5 : 1));
    const grams = Array.from({ length: 500 }, (_, i) => ((i * 2654435761) >>> 2) - (1 << 29));
    const ids = grams.map((key) => table.intern(CHAR_FAMILY, key));
    const word = table.intern(WORD_FAMILY, 'farm');
    // The same key in another family is another feature.
    expect(table.intern(BIGRAM_FAMILY, 'farm')).not.toBe(word);
    table.trim();
    const later = Array.from({ length: 100 }, (_, i) => -i - 1);
    const laterIds = later.map((key) => table.intern(CHAR_FAMILY, key));
    table.trim();
    expect(grams.map((key) => table.lookup(CHAR_FAMILY, key))).toEqual(ids);
    expect(grams.map((key) => table.intern(CHAR_FAMILY, key))).toEqual(ids);
    expect(later.map((key) => table.lookup(CHAR_FAMILY, key))).toEqual(laterIds);
    expect(table.lookup(CHAR_FAMILY, 7)).toBeUndefined();
    expect(table.lookup(WORD_FAMILY, 'farm')).toBe(word);
    expect(table.count()).toBe(602);
    expect(table.prior(word)).toBe(0.5);
    expect(table.prior(ids[3]!)).toBe(1);
    const keys = table.listKeys();
    expect(keys).toHaveLength(602);
    expect(ids.map((id) => keys[id])).toEqual(grams);
    expect(laterIds.map((id) => keys[id])).toEqual(later);
    expect(keys[word]).toBe('farm');
  });
});
