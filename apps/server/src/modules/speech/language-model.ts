/**
 * A storyfile's language model in ARPA form: trigrams of its own phrasings (questions, alternates,
 * category phrases, custom words) interpolated with a unigram model that mixes those phrasings'
 * words with the general English model's most frequent words. In-script questions then follow the
 * script's word order, while off-script speech still has the general words to land on instead of
 * being forced onto script words.
 *
 * Interpolated absolute discounting, written as ARPA backoff: a listed n-gram carries its whole
 * interpolated probability, and an unlisted one gets the context's backoff weight times the lower
 * order, which is exactly the interpolation's left-over mass, so every context sums to one.
 */

/** A general English word and its log10 unigram probability (from the general model). */
export interface GeneralWord {
  word: string;
  log10Probability: number;
}

export interface LanguageModelInput {
  /** The storyfile's phrasings, each already split into dictionary words. */
  sentences: readonly (readonly string[])[];
  generalWords: readonly GeneralWord[];
  /** Share of the unigram mass given to the storyfile's own words (0–1). */
  storyfileWeight: number;
  /** Absolute discount taken from every seen bigram and trigram (0–1). */
  discount?: number;
}

const SENTENCE_START = '<s>';
const SENTENCE_END = '</s>';
/** ARPA's "never": the start symbol is a context only. */
const LOG_ZERO = -99;
/** Share of the general model's mass kept for the end of a sentence. */
const GENERAL_SENTENCE_END = 0.05;
const DEFAULT_DISCOUNT = 0.5;

type Counts = Map<string, Map<string, number>>;

function increment(counts: Counts, history: string, word: string): void {
  const next = counts.get(history) ?? new Map<string, number>();
  next.set(word, (next.get(word) ?? 0) + 1);
  counts.set(history, next);
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) {
    total += value;
  }
  return total;
}

function log10(value: number): string {
  return (value > 0 ? Math.log10(value) : LOG_ZERO).toFixed(4);
}

/** The interpolated probabilities of one order: listed words' probabilities and each history's γ. */
interface Order {
  probabilities: Map<string, Map<string, number>>;
  backoff: Map<string, number>;
}

function interpolate(
  counts: Counts,
  discount: number,
  lower: (history: string, word: string) => number,
): Order {
  const probabilities = new Map<string, Map<string, number>>();
  const backoff = new Map<string, number>();
  for (const [history, next] of counts) {
    const total = sum(next.values());
    const gamma = (discount * next.size) / total;
    const listed = new Map<string, number>();
    for (const [word, count] of next) {
      listed.set(word, Math.max(count - discount, 0) / total + gamma * lower(history, word));
    }
    probabilities.set(history, listed);
    backoff.set(history, gamma);
  }
  return { probabilities, backoff };
}

/** Builds the ARPA text of the storyfile's model (see the file comment). */
export function buildLanguageModel(input: LanguageModelInput): string {
  const discount = input.discount ?? DEFAULT_DISCOUNT;
  const unigramCounts = new Map<string, number>();
  const bigramCounts: Counts = new Map();
  const trigramCounts: Counts = new Map();
  for (const sentence of input.sentences) {
    if (sentence.length === 0) {
      continue;
    }
    const words = [SENTENCE_START, ...sentence, SENTENCE_END];
    for (let index = 1; index < words.length; index += 1) {
      const word = words[index]!;
      unigramCounts.set(word, (unigramCounts.get(word) ?? 0) + 1);
      increment(bigramCounts, words[index - 1]!, word);
      if (index >= 2) {
        increment(trigramCounts, `${words[index - 2]!} ${words[index - 1]!}`, word);
      }
    }
  }

  // Unigrams: the storyfile's words and the general words, mixed.
  const storyTotal = sum(unigramCounts.values());
  const generalMass = sum(input.generalWords.map((entry) => 10 ** entry.log10Probability));
  const storyWeight = storyTotal === 0 ? 0 : input.storyfileWeight;
  const unigrams = new Map<string, number>();
  const addUnigram = (word: string, probability: number) =>
    unigrams.set(word, (unigrams.get(word) ?? 0) + probability);
  for (const [word, count] of unigramCounts) {
    addUnigram(word, (storyWeight * count) / storyTotal);
  }
  for (const entry of input.generalWords) {
    addUnigram(
      entry.word,
      ((1 - storyWeight) * (1 - GENERAL_SENTENCE_END) * 10 ** entry.log10Probability) / generalMass,
    );
  }
  addUnigram(SENTENCE_END, (1 - storyWeight) * GENERAL_SENTENCE_END);
  const unigram = (word: string) => unigrams.get(word) ?? 0;

  const bigrams = interpolate(bigramCounts, discount, (_history, word) => unigram(word));
  const bigram = (history: string, word: string) =>
    bigrams.probabilities.get(history)?.get(word) ??
    (bigrams.backoff.get(history) ?? 1) * unigram(word);
  const trigrams = interpolate(trigramCounts, discount, (history, word) =>
    bigram(history.split(' ')[1]!, word),
  );

  const unigramLines = [
    `${LOG_ZERO.toFixed(4)}\t${SENTENCE_START}\t${log10(bigrams.backoff.get(SENTENCE_START) ?? 1)}`,
  ];
  for (const [word, probability] of unigrams) {
    const backoff = bigrams.backoff.get(word);
    unigramLines.push(
      `${log10(probability)}\t${word}${backoff === undefined ? '' : `\t${log10(backoff)}`}`,
    );
  }
  const bigramLines: string[] = [];
  for (const [history, next] of bigrams.probabilities) {
    for (const [word, probability] of next) {
      const backoff = trigrams.backoff.get(`${history} ${word}`);
      bigramLines.push(
        `${log10(probability)}\t${history} ${word}${backoff === undefined ? '' : `\t${log10(backoff)}`}`,
      );
    }
  }
  const trigramLines: string[] = [];
  for (const [history, next] of trigrams.probabilities) {
    for (const [word, probability] of next) {
      trigramLines.push(`${log10(probability)}\t${history} ${word}`);
    }
  }
  const hasTrigrams = trigramLines.length > 0;
  return [
    '\\data\\',
    `ngram 1=${unigramLines.length}`,
    `ngram 2=${bigramLines.length}`,
    ...(hasTrigrams ? [`ngram 3=${trigramLines.length}`] : []),
    '',
    '\\1-grams:',
    ...unigramLines,
    '',
    '\\2-grams:',
    ...bigramLines,
    '',
    ...(hasTrigrams ? ['\\3-grams:', ...trigramLines, ''] : []),
    '\\end\\',
    '',
  ].join('\n');
}

/**
 * Splits a phrasing into the words a dictionary lists: lower case, letters, digits and inner
 * apostrophes; everything else separates words.
 */
export function splitIntoWords(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[’‘]/g, "'")
    .split(/[^a-z0-9']+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter((word) => word !== '');
}
