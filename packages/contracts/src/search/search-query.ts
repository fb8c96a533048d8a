/**
 * Splits search text into terms (spec §5): a double-quoted phrase is one term, everything else
 * splits on whitespace. An unclosed quote runs to the end of the text; empty phrases are dropped.
 */
export function parseSearchQuery(text: string): string[] {
  const terms: string[] = [];
  const pattern = /"([^"]*)"?|(\S+?)(?=\s|"|$)/g;
  for (const match of text.matchAll(pattern)) {
    const term = (match[1] ?? match[2] ?? '').trim();
    if (term !== '') {
      terms.push(term);
    }
  }
  return terms;
}

/**
 * Whether every term of the query appears in the text, ignoring case. A query without terms
 * matches everything, so an empty search lists all items.
 */
export function matchesSearch(text: string, query: string): boolean {
  const haystack = text.toLowerCase();
  return parseSearchQuery(query).every((term) => haystack.includes(term.toLowerCase()));
}

/**
 * Escapes `\`, `%` and `_` so a term matches literally in ILIKE with PostgreSQL's default escape
 * character (backslash). Pass the result as a bound parameter, never spliced into SQL.
 */
export function escapeIlikeTerm(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** An ILIKE pattern matching the term anywhere in the text. */
export function buildIlikeContainsPattern(term: string): string {
  return `%${escapeIlikeTerm(term)}%`;
}
