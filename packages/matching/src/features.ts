import { foldCategoryPhrases } from './categories.ts';
import type { CategoryIndex } from './categories.ts';
import { normalizeText } from './normalize.ts';
import { stemWord } from './stem.ts';

/** Feature families; each is scored as its own cosine and the cosines are blended. */
export const FAMILIES = ['word', 'bigram', 'char'] as const;
export type Family = (typeof FAMILIES)[number];
export const FAMILY_COUNT = FAMILIES.length;
export const WORD_FAMILY = 0;
export const BIGRAM_FAMILY = 1;
export const CHAR_FAMILY = 2;

export interface FeatureSettings {
  charGramMin: number;
  charGramMax: number;
}

export type FeatureKey = string | number;

/** What the matcher keeps of one text: its normalised form, its terms and its feature counts. */
export interface TextFeatures {
  normalized: string;
  /** Stemmed words with category phrases folded into `#<id>` terms. */
  terms: string[];
  /**
   * Per family (indexed like `FAMILIES`): feature → raw count in the text. Character n-grams are
   * keyed by a 30-bit FNV-1a hash instead of a string: no substring is allocated, and with a few
   * hundred thousand distinct n-grams only a few dozen pairs collide, which scoring cannot notice.
   */
  counts: Map<FeatureKey, number>[];
}

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

function stemCached(word: string): string {
  let stem = stemCache.get(word);
  if (stem === undefined) {
    stem = stemWord(word);
    if (stemCache.size >= STEM_CACHE_LIMIT) {
      stemCache.clear();
    }
    stemCache.set(word, stem);
  }
  return stem;
}

function addCount(counts: Map<FeatureKey, number>, key: FeatureKey): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Counts the character n-grams of one padded word, hashing each as it is extended by a character. */
function addCharGrams(
  counts: Map<FeatureKey, number>,
  padded: string,
  settings: FeatureSettings,
): void {
  for (let start = 0; start + settings.charGramMin <= padded.length; start++) {
    let hash = FNV_OFFSET;
    const end = Math.min(padded.length, start + settings.charGramMax);
    for (let at = start; at < end; at++) {
      hash = Math.imul(hash ^ padded.charCodeAt(at), FNV_PRIME);
      if (at - start + 1 >= settings.charGramMin) {
        // 30 bits keep the key a small integer, which V8 hashes and stores without boxing.
        addCount(counts, hash >>> 2);
      }
    }
  }
}

/** Turns a text into term and character n-gram features, with category phrases folded in. */
export function extractFeatures(
  text: string,
  categories: CategoryIndex,
  settings: FeatureSettings,
): TextFeatures {
  const normalized = normalizeText(text);
  const words = normalized === '' ? [] : normalized.split(' ');
  const terms = foldCategoryPhrases(words.map(stemCached), categories);
  const wordCounts = new Map<FeatureKey, number>();
  const bigramCounts = new Map<FeatureKey, number>();
  const charCounts = new Map<FeatureKey, number>();
  for (const term of terms) {
    addCount(wordCounts, term);
  }
  for (let i = 0; i + 1 < terms.length; i++) {
    addCount(bigramCounts, `${terms[i]} ${terms[i + 1]}`);
  }
  for (const word of words) {
    addCharGrams(charCounts, `<${word}>`, settings);
  }
  const counts: Map<FeatureKey, number>[] = [];
  counts[WORD_FAMILY] = wordCounts;
  counts[BIGRAM_FAMILY] = bigramCounts;
  counts[CHAR_FAMILY] = charCounts;
  return { normalized, terms, counts };
}
