// Visitors type fast: case, punctuation, curly quotes, accents and contractions carry no meaning for
// matching, so they are folded away before anything else looks at the text.

const CONTRACTION_SUFFIXES: readonly (readonly [RegExp, string])[] = [
  [/\bcan't\b/g, 'can not'],
  [/\bwon't\b/g, 'will not'],
  [/\bshan't\b/g, 'shall not'],
  [/\blet's\b/g, 'let us'],
  [/\by'all\b/g, 'you all'],
  [/n't\b/g, ' not'],
  [/'re\b/g, ' are'],
  [/'m\b/g, ' am'],
  [/'ll\b/g, ' will'],
  [/'ve\b/g, ' have'],
  [/'d\b/g, ' would'],
  // "what's" / "it's" mean "is"; other "'s" are possessives and carry no extra meaning.
  [/\b(it|that|what|where|who|how|there|here|he|she|when|why|which)'s\b/g, '$1 is'],
  [/'s\b/g, ''],
];

function expandContractions(text: string): string {
  let result = text.replace(/[\u2018\u2019\u02bc`´]/g, "'");
  if (result.includes("'")) {
    for (const [pattern, replacement] of CONTRACTION_SUFFIXES) {
      result = result.replace(pattern, replacement);
    }
  }
  return result;
}

/** Lower-cases, strips accents, expands contractions and turns every non-alphanumeric run into one space. */
export function normalizeText(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return expandContractions(folded)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The words of a text as a person typed them, lower-cased, accents kept ("café"), contractions
 * expanded like `normalizeText`; used to show matched words, never to match.
 */
export function tokenizeForDisplay(text: string): string[] {
  const words = expandContractions(text.normalize('NFC').toLowerCase())
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return words === '' ? [] : words.split(' ');
}

/** Splits normalised text into word tokens. */
export function tokenizeText(text: string): string[] {
  const normalized = normalizeText(text);
  return normalized === '' ? [] : normalized.split(' ');
}
