import { stemWord } from './stem.ts';
import { tokenizeText } from './normalize.ts';
import type { Category } from './types.ts';

interface PhraseEntry {
  stems: string[];
  categoryId: string;
}

/** Lookup of category phrases by their first stemmed token, longest phrase first. */
export interface CategoryIndex {
  byFirstStem: Map<string, PhraseEntry[]>;
  namesById: Map<string, string>;
}

/** Prefix that marks a category term so it can never collide with a word. */
export const CATEGORY_TERM_PREFIX = '#';

/** Builds the phrase lookup used to fold category phrases into one shared term. */
export function createCategoryIndex(categories: readonly Category[]): CategoryIndex {
  const byFirstStem = new Map<string, PhraseEntry[]>();
  const namesById = new Map<string, string>();
  for (const category of categories) {
    namesById.set(category.id, category.name);
    for (const phrase of category.phrases) {
      const stems = tokenizeText(phrase).map(stemWord);
      const first = stems[0];
      if (first === undefined) {
        continue;
      }
      const entries = byFirstStem.get(first) ?? [];
      entries.push({ stems, categoryId: category.id });
      byFirstStem.set(first, entries);
    }
  }
  for (const entries of byFirstStem.values()) {
    // Longest phrase first so "new york city" wins over "new york"; ties by id keep it deterministic.
    entries.sort(
      (a, b) => b.stems.length - a.stems.length || a.categoryId.localeCompare(b.categoryId),
    );
  }
  return { byFirstStem, namesById };
}

/**
 * Replaces every category phrase in a stemmed token sequence by its category term (`#<id>`),
 * matching greedily left to right, longest phrase first.
 */
export function foldCategoryPhrases(stems: readonly string[], index: CategoryIndex): string[] {
  return foldCategoryPhrasesWithSpans(stems, index).terms;
}

/**
 * `foldCategoryPhrases`, also telling how many input tokens each term covers (1 for a word, the
 * phrase's length for a category), so that a term can be traced back to the words typed.
 */
export function foldCategoryPhrasesWithSpans(
  stems: readonly string[],
  index: CategoryIndex,
): { terms: string[]; spans: number[] } {
  if (index.byFirstStem.size === 0) {
    return { terms: [...stems], spans: stems.map(() => 1) };
  }
  const terms: string[] = [];
  const spans: number[] = [];
  let i = 0;
  while (i < stems.length) {
    const entries = index.byFirstStem.get(stems[i] ?? '');
    const hit = entries?.find((entry) => isPhraseAt(stems, i, entry.stems));
    if (hit) {
      terms.push(CATEGORY_TERM_PREFIX + hit.categoryId);
      spans.push(hit.stems.length);
      i += hit.stems.length;
    } else {
      terms.push(stems[i] ?? '');
      spans.push(1);
      i++;
    }
  }
  return { terms, spans };
}

function isPhraseAt(stems: readonly string[], start: number, phrase: readonly string[]): boolean {
  if (start + phrase.length > stems.length) {
    return false;
  }
  return phrase.every((stem, offset) => stems[start + offset] === stem);
}

/** A category phrase found in a question: the category's name and the question's words it covers. */
export interface FoldedCategory {
  categoryId: string;
  category: string;
  words: string;
}

/**
 * The category phrases the matcher folds in a text, by the matcher's own rule (stemmed words,
 * greedy, longest phrase first), so a report of them agrees with the `#category` terms a match
 * shows: "Films I love" folds the phrase "film" although the text never says "film".
 */
export function listFoldedCategories(
  text: string,
  categories: readonly Category[],
): FoldedCategory[] {
  const index = createCategoryIndex(categories);
  const words = tokenizeText(text);
  const { terms, spans } = foldCategoryPhrasesWithSpans(words.map(stemWord), index);
  const folded: FoldedCategory[] = [];
  let at = 0;
  terms.forEach((term, position) => {
    const span = spans[position] ?? 1;
    if (term.startsWith(CATEGORY_TERM_PREFIX)) {
      const categoryId = term.slice(CATEGORY_TERM_PREFIX.length);
      folded.push({
        categoryId,
        category: index.namesById.get(categoryId) ?? categoryId,
        words: words.slice(at, at + span).join(' '),
      });
    }
    at += span;
  });
  return folded;
}
