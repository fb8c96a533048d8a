import { foldCategoryPhrasesWithSpans } from './categories.ts';
import { classifyTerm } from './function-words.ts';
import type { TermKind } from './function-words.ts';
import type { CategoryIndex } from './categories.ts';
import { normalizeText, tokenizeForDisplay } from './normalize.ts';
import { stemWithCache } from './stem.ts';

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
  /** Weight of function words ("the", "you", "is"…) against 1 for a content word. */
  functionWordWeight: number;
  /** Weight of question words ("what", "where", "how"…). */
  questionWordWeight: number;
  /** Weight of words that frame a question without naming its topic ("favourite", "tell"…). */
  framingWordWeight: number;
}

export type FeatureKey = string | number;

/** What the matcher keeps of one text: its normalised form, its terms and its features. */
export interface TextFeatures {
  normalized: string;
  /** Stemmed words with category phrases folded into `#<id>` terms. */
  terms: string[];
  /** Per term, the words it stands for as typed (lower case), to explain a match to a person. */
  surfaces: string[];
  /**
   * Per family (indexed like `FAMILIES`): every feature occurrence, repeats included; whoever
   * indexes them counts repeats by feature id, which is cheaper than counting by key here.
   * Character n-grams are keyed by a 30-bit FNV-1a hash instead of a string: no substring is
   * allocated, and with a few hundred thousand distinct n-grams only a few dozen pairs collide,
   * which scoring cannot notice.
   */
  occurrences: FeatureKey[][];
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Counts the character n-grams of one padded word, hashing each as it is extended by a character. */
function addCharGrams(
  occurrences: FeatureKey[],
  padded: string,
  settings: FeatureSettings,
  kind: TermKind,
): void {
  const light = LIGHT_KINDS.indexOf(kind);
  for (let start = 0; start + settings.charGramMin <= padded.length; start++) {
    let hash = FNV_OFFSET;
    const end = Math.min(padded.length, start + settings.charGramMax);
    for (let at = start; at < end; at++) {
      hash = Math.imul(hash ^ padded.charCodeAt(at), FNV_PRIME);
      if (at - start + 1 >= settings.charGramMin) {
        // 30 bits keep the key a small integer, which V8 hashes and stores without boxing. A light
        // word's n-grams are kept apart ("you" in "young" is not the pronoun), as negative keys.
        occurrences.push(light < 0 ? hash >>> 2 : -(((hash >>> 4) << 2) | light) - 1);
      }
    }
  }
}

const LIGHT_KINDS: readonly TermKind[] = ['function', 'question', 'framing'];

function weighKind(kind: TermKind, settings: FeatureSettings): number {
  switch (kind) {
    case 'function':
      return settings.functionWordWeight;
    case 'question':
      return settings.questionWordWeight;
    case 'framing':
      return settings.framingWordWeight;
    default:
      return 1;
  }
}

/** Weight of one stemmed term (1 for content words and categories). */
export function weighTerm(term: string, settings: FeatureSettings): number {
  return weighKind(classifyTerm(term), settings);
}

/**
 * Prior weight of a feature, multiplied into its idf on both sides of every cosine: a term's own
 * weight, a bigram's stronger word's, and 1 for character n-grams (function words have none).
 */
export function weighFeature(family: number, key: FeatureKey, settings: FeatureSettings): number {
  if (family === WORD_FAMILY) {
    return weighTerm(String(key), settings);
  }
  if (family === BIGRAM_FAMILY) {
    const [first = '', second = ''] = String(key).split(' ');
    return Math.max(weighTerm(first, settings), weighTerm(second, settings));
  }
  // A light word's n-grams are negative keys carrying the word's kind in their two lowest bits.
  const code = Number(key);
  return code < 0 ? weighKind(LIGHT_KINDS[(-code - 1) & 3] ?? 'content', settings) : 1;
}

/** Turns a text into term and character n-gram features, with category phrases folded in. */
export function extractFeatures(
  text: string,
  categories: CategoryIndex,
  settings: FeatureSettings,
): TextFeatures {
  const normalized = normalizeText(text);
  const words = normalized === '' ? [] : normalized.split(' ');
  const stems = words.map(stemWithCache);
  const { terms, spans } = foldCategoryPhrasesWithSpans(stems, categories);
  // Accents are kept for display when typed words and normalised words line up one to one.
  const typed = tokenizeForDisplay(text);
  const shown = typed.length === words.length ? typed : words;
  const surfaces: string[] = [];
  let at = 0;
  for (const span of spans) {
    surfaces.push(shown.slice(at, at + span).join(' '));
    at += span;
  }
  const bigrams: FeatureKey[] = [];
  for (let i = 0; i + 1 < terms.length; i++) {
    bigrams.push(`${terms[i]} ${terms[i + 1]}`);
  }
  const charGrams: FeatureKey[] = [];
  words.forEach((word, i) => {
    addCharGrams(charGrams, `<${word}>`, settings, classifyTerm(stems[i] ?? ''));
  });
  const occurrences: FeatureKey[][] = [];
  occurrences[WORD_FAMILY] = terms;
  occurrences[BIGRAM_FAMILY] = bigrams;
  occurrences[CHAR_FAMILY] = charGrams;
  return { normalized, terms, surfaces, occurrences };
}
