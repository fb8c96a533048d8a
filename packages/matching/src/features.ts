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

/** What the matcher keeps of one text: its normalised form, its terms and its features. */
export interface TextFeatures {
  normalized: string;
  /** Stemmed words with category phrases folded into `#<id>` terms. */
  terms: string[];
  /**
   * Per family (indexed like `FAMILIES`): every feature occurrence, repeats included; whoever
   * indexes them counts repeats by feature id, which is cheaper than counting by key here.
   * Character n-grams are keyed by a 30-bit FNV-1a hash instead of a string: no substring is
   * allocated, and with a few hundred thousand distinct n-grams only a few dozen pairs collide,
   * which scoring cannot notice.
   */
  occurrences: FeatureKey[][];
}

const stemCache = new Map<string, string>();
const STEM_CACHE_LIMIT = 100_000;

function stemWithCache(word: string): string {
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

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Counts the character n-grams of one padded word, hashing each as it is extended by a character. */
function addCharGrams(occurrences: FeatureKey[], padded: string, settings: FeatureSettings): void {
  for (let start = 0; start + settings.charGramMin <= padded.length; start++) {
    let hash = FNV_OFFSET;
    const end = Math.min(padded.length, start + settings.charGramMax);
    for (let at = start; at < end; at++) {
      hash = Math.imul(hash ^ padded.charCodeAt(at), FNV_PRIME);
      if (at - start + 1 >= settings.charGramMin) {
        // 30 bits keep the key a small integer, which V8 hashes and stores without boxing.
        occurrences.push(hash >>> 2);
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
  const terms = foldCategoryPhrases(words.map(stemWithCache), categories);
  const bigrams: FeatureKey[] = [];
  for (let i = 0; i + 1 < terms.length; i++) {
    bigrams.push(`${terms[i]} ${terms[i + 1]}`);
  }
  const charGrams: FeatureKey[] = [];
  for (const word of words) {
    addCharGrams(charGrams, `<${word}>`, settings);
  }
  const occurrences: FeatureKey[][] = [];
  occurrences[WORD_FAMILY] = terms;
  occurrences[BIGRAM_FAMILY] = bigrams;
  occurrences[CHAR_FAMILY] = charGrams;
  return { normalized, terms, occurrences };
}
