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

/** What the matcher keeps of one text: its normalised form, its terms and its feature counts. */
export interface TextFeatures {
  normalized: string;
  /** Stemmed words with category phrases folded into `#<id>` terms. */
  terms: string[];
  /** Feature key → raw count; the key's first character is the family index. */
  counts: Map<string, number>;
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

function addCount(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
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
  const counts = new Map<string, number>();
  for (const term of terms) {
    addCount(counts, `${WORD_FAMILY}${term}`);
  }
  for (let i = 0; i + 1 < terms.length; i++) {
    addCount(counts, `${BIGRAM_FAMILY}${terms[i]} ${terms[i + 1]}`);
  }
  for (const word of words) {
    const padded = `<${word}>`;
    for (let size = settings.charGramMin; size <= settings.charGramMax; size++) {
      for (let start = 0; start + size <= padded.length; start++) {
        addCount(counts, `${CHAR_FAMILY}${padded.slice(start, start + size)}`);
      }
    }
  }
  return { normalized, terms, counts };
}
