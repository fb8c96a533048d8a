// What a candidate is shown with: the question's words its phrasing shares.
import { CATEGORY_TERM_PREFIX } from './categories.ts';
import type { PhrasingRecord } from './answer-index.ts';
import type { TextFeatures } from './features.ts';
import { classifyTerm } from './function-words.ts';
import type { MatcherState } from './matcher-state.ts';

/**
 * The question's own words that the phrasing shares, strongest (rarest) first: as typed (lower
 * case), never a stem, and never a function or question word, which would explain nothing.
 */
export function describeTerms(
  state: MatcherState,
  query: TextFeatures,
  record: PhrasingRecord,
): string[] {
  const phrasingTerms = new Set(record.terms);
  const shared: { label: string; weight: number }[] = [];
  const seen = new Set<string>();
  query.terms.forEach((term, position) => {
    if (!phrasingTerms.has(term) || seen.has(term)) {
      return;
    }
    seen.add(term);
    const isCategory = term.startsWith(CATEGORY_TERM_PREFIX);
    const kind = isCategory ? 'content' : classifyTerm(term);
    if (kind === 'function' || kind === 'question') {
      return;
    }
    const id = state.index.lookupFeature(state.wordFamily, term);
    const label = isCategory
      ? CATEGORY_TERM_PREFIX + (state.categoryIndex.namesById.get(term.slice(1)) ?? term.slice(1))
      : (query.surfaces[position] ?? term);
    shared.push({
      label,
      weight: id === undefined ? 0 : state.index.getIdf(id) * state.index.getPrior(id),
    });
  });
  shared.sort((a, b) => b.weight - a.weight || (a.label < b.label ? -1 : 1));
  return shared.map((entry) => entry.label);
}
