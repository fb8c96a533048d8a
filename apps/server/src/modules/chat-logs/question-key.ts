import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

// The same steps as `normalizeText` of @conversa/matching (which the dashboard groups fallen-back
// questions by), written for PostgreSQL so a question filter compares in the database and pages
// there. JS `\b` is PostgreSQL's `\y`; `$1` is `\1`. question-key.test.ts holds the two together.
const APOSTROPHES = '[\u2018\u2019\u02bc`\u00b4]';
const COMBINING_MARKS = '[\u0300-\u036f]';
const CONTRACTIONS: readonly (readonly [string, string])[] = [
  ["\\ycan't\\y", 'can not'],
  ["\\ywon't\\y", 'will not'],
  ["\\yshan't\\y", 'shall not'],
  ["\\ylet's\\y", 'let us'],
  ["\\yy'all\\y", 'you all'],
  ["n't\\y", ' not'],
  ["'re\\y", ' are'],
  ["'m\\y", ' am'],
  ["'ll\\y", ' will'],
  ["'ve\\y", ' have'],
  ["'d\\y", ' would'],
  ["\\y(it|that|what|where|who|how|there|here|he|she|when|why|which)'s\\y", '\\1 is'],
  ["'s\\y", ''],
];

function replaceAll(text: SQL, pattern: string, replacement: string): SQL {
  return sql`regexp_replace(${text}, ${pattern}::text, ${replacement}::text, 'g')`;
}

/** A text column or expression as `normalizeText` would give it: the key a question is found by. */
export function sqlNormalizedText(text: SQLWrapper): SQL {
  let folded = sql`lower(${replaceAll(sql`normalize(${text}, NFKD)`, COMBINING_MARKS, '')})`;
  folded = replaceAll(folded, APOSTROPHES, "'");
  for (const [pattern, replacement] of CONTRACTIONS) {
    folded = replaceAll(folded, pattern, replacement);
  }
  return sql`btrim(${replaceAll(folded, '[^a-z0-9]+', ' ')}, ' ')`;
}
