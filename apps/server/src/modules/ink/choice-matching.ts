import { createMatcher, DEFAULT_THRESHOLD, normalizeText } from '@conversa/matching';

/** A choice as the matcher sees it: its text, and other ways to ask for it. */
export interface MatchableChoice {
  index: number;
  text: string;
  /**
   * Phrasings of the answers the choice leads to (their questions and alternates): a visitor who
   * asks for what the branch answers is taking the branch.
   */
  alternates: string[];
}

export interface ChoiceMatch {
  index: number;
  /** 1 for the choice's own words (or its number), else the matcher's score. */
  score: number;
}

/** Apostrophes of every kind: dropped inside words, so "don't" and "dont" fold alike. */
const APOSTROPHES = /['\u2018\u2019\u02bc`\u00b4]/g;
/** A hyphen or dash of any kind between two letters: "Co—operate" is written for "cooperate". */
const WORD_DASH = /(\p{L})[-\u2010-\u2015\u2212\ufe58\ufe63\uff0d](?=\p{L})/gu;

/**
 * A choice's words with nothing but letters and digits: the matcher's `normalizeText` (case,
 * accents, curly quotes, punctuation), apostrophes dropped and the spaces between words removed,
 * so "Co—operate", "co-operate", "co operate" and "cooperate" are one key.
 */
function foldChoiceText(text: string): string {
  return normalizeText(text.replace(APOSTROPHES, '')).replaceAll(' ', '');
}

/** The choice's text with its word-joining dashes closed up ("Co—operate" → "Cooperate"), if any. */
function closeUpDashes(text: string): string | null {
  const closed = text.replace(WORD_DASH, '$1');
  return closed === text ? null : closed;
}

/**
 * Which open choice a visitor's words take, if any: the choice's own text (or its number, "2"),
 * folded as the matcher folds questions and with dashes and apostrophes inside words ignored,
 * else the answer matcher over the choices' texts and the phrasings behind them, at the matcher's
 * default threshold and sharing at least one content word. Null: no choice fits; the free-question matcher answers instead.
 */
export function matchInkChoice(
  text: string,
  choices: readonly MatchableChoice[],
): ChoiceMatch | null {
  const typed = normalizeText(text);
  if (typed === '' || choices.length === 0) {
    return null;
  }
  const byNumber = /^\d+$/.test(text.trim()) ? choices[Number(text.trim()) - 1] : undefined;
  if (byNumber) {
    return { index: byNumber.index, score: 1 };
  }
  const folded = foldChoiceText(text);
  const exact =
    choices.find((choice) => normalizeText(choice.text) === typed) ??
    choices.find((choice) => foldChoiceText(choice.text) === folded);
  if (exact) {
    return { index: exact.index, score: 1 };
  }
  const matcher = createMatcher({ threshold: DEFAULT_THRESHOLD });
  for (const choice of choices) {
    matcher.upsertAnswer({
      id: String(choice.index),
      question: choice.text,
      alternates: [...choice.alternates, closeUpDashes(choice.text) ?? []].flat(),
    });
  }
  const { decision, candidates } = matcher.match(text, { limit: 1 });
  const best = candidates[0];
  // A handful of choices makes function words weigh heavily ("what is your …"): a choice is
  // taken only when the visitor shares a content word with it or with an answer behind it.
  if (decision.kind !== 'answer' || !best || best.matchedTerms.length === 0) {
    return null;
  }
  return { index: Number(decision.answerId), score: best.score };
}
