import { applyHeardAsRules, type SpeechReading } from '@conversa/contracts';
import { normalizeText, type MatchResult } from '@conversa/matching';
import type { QuestionScorer } from './scoring/question-scorer.ts';

/**
 * Weight of the recognizer against the matcher when a reading is chosen: a reading's joint
 * evidence is its best match score plus this times the log of its share of the n-best list
 * against the first reading's. A reading the recognizer ranked at a tenth of the first needs a
 * match about 0.12 better to win. Checked with `npm run bench:speech`.
 */
export const READING_WEIGHT = 0.05;
/**
 * Below this confidence (the recognizer's mean word posterior of its best reading, 0–1) speech
 * that no reading answers is taken as not heard, not as off-script: please repeat.
 */
export const HEARD_CONFIDENCE = 0.5;
/**
 * Below this confidence even a reading that matches is not trusted unless it matches one of the
 * script's phrasings word for word (`exact`): please repeat rather than a wrong answer. 0.45 (was
 * 0.15, issue 52 item 3): in pink noise at 10 dB, misheard script questions answered wrongly at
 * mean word posteriors of 0.16-0.45; bench:speech's wrong answers 36 → 12 of 390 there, 9 → 7 at
 * 20 dB, for 13 and 3 questions heard well asked to repeat.
 */
export const ANSWER_CONFIDENCE = 0.45;
/**
 * Readings disagree when, weighed by their shares, more than this part of the first reading's
 * words is missing from the others.
 */
export const DISAGREEMENT = 0.34;
/**
 * A reading that answers nothing and has fewer words than this is a noise heard as a word or two
 * ("thank", "the app"), not a question the storyfile cannot answer: please repeat.
 */
export const QUESTION_WORDS = 3;
/**
 * A reading that answers nothing but comes this close to the threshold (its best score at least
 * this part of it), sharing words with that question, is a script question misheard ("how can saw
 * feelings the sea" for "How can I stop feeling seasick?", issue 52 item 3), not one the script
 * does not hold: please repeat, not cannot-answer. A question heard clearly off the script scores
 * far lower ("what is the capital of france": under half the threshold).
 */
export const NEAR_MISS = 0.6;
/**
 * A reading below the first that names a script question the first does not is played only when
 * the readings naming that question hold at least this part of the recognizer's list (the
 * shares it gave, issue 52 item 3): a rescue by one unlikely reading ("what was through like for
 * you", the sixth reading of "What was school like for you?" at 9% of the list) was a wrong answer
 * as often as a right one; below it, please repeat.
 */
export const RESCUE_SHARE = 0.25;
/**
 * Readings that name another script question than the chosen one, holding this part of the list
 * or more, make the question misheard (the recognizer heard two questions): please repeat.
 */
export const OTHER_ANSWER_SHARE = 0.1;
/** Readings matched per spoken question (the first ones, best first). */
export const READINGS_MATCHED = 5;

/** Why a spoken question was asked again: nothing heard well enough to answer or refuse. */
export type MisheardReason = 'not-confident' | 'readings-disagree';

export interface ReadingChoice {
  /** The reading chosen, after the custom words' "heard as" rules: what is matched and logged. */
  text: string;
  /** Its place in the recognizer's list (0 = the first reading). */
  rank: number;
  result: MatchResult;
  /** Set when the studio did not hear well enough: please-repeat plays instead of cannot-answer. */
  misheard: MisheardReason | null;
}

interface ScoredReading {
  text: string;
  rank: number;
  share: number;
  /** The recognizer gave this reading's share (the first reading's may be unknown). */
  isShareKnown: boolean;
  result: MatchResult;
  joint: number;
}

function wordsOf(text: string): string[] {
  return normalizeText(text).split(' ').filter(Boolean);
}

/** Share-weighted part of the first reading's words the other readings lack (0 = all agree). */
export function measureDisagreement(readings: readonly { text: string; share: number }[]): number {
  const [first, ...others] = readings;
  if (!first || others.length === 0) {
    return 0;
  }
  const firstWords = wordsOf(first.text);
  if (firstWords.length === 0) {
    return 1;
  }
  let missing = 0;
  let weight = 0;
  for (const other of others) {
    const words = new Set(wordsOf(other.text));
    missing +=
      (other.share * firstWords.filter((word) => !words.has(word)).length) / firstWords.length;
    weight += other.share;
  }
  return weight === 0 ? 0 : missing / weight;
}

/** The best match came close to a script question, on words they share (NEAR_MISS). */
function isNearMiss(result: MatchResult): boolean {
  const best = result.candidates[0];
  return (
    best !== undefined && best.score >= NEAR_MISS * result.threshold && best.matchedTerms.length > 0
  );
}

/** The script question a reading names (answered, or not recorded yet), null when none. */
function namedQuestion(result: MatchResult): string | null {
  const { decision } = result;
  return decision.kind === 'answer' || decision.reason === 'not-recorded'
    ? decision.answerId
    : null;
}

/**
 * Part of the recognizer's list (the shares it gave; a first reading without one left out) held
 * by the readings that name `answerId`, and by those that name another question.
 */
export function measureBacking(
  readings: readonly { share: number; isShareKnown: boolean; result: MatchResult }[],
  answerId: string,
): { same: number; other: number } {
  const known = readings.filter((reading) => reading.isShareKnown);
  const total = known.reduce((sum, reading) => sum + reading.share, 0);
  if (total === 0) {
    return { same: 0, other: 0 };
  }
  let same = 0;
  let other = 0;
  for (const reading of known) {
    const named = namedQuestion(reading.result);
    if (named === answerId) {
      same += reading.share;
    } else if (named !== null) {
      other += reading.share;
    }
  }
  return { same: same / total, other: other / total };
}

/** A spoken question as the recognizer gave it: its first reading and the others. */
export interface HeardQuestion {
  text: string;
  alternatives: readonly SpeechReading[];
}

/**
 * The readings a spoken question's choice weighs: the first ones (`READINGS_MATCHED` after the
 * first), each after the custom words' "heard as" rules, the same words once (with the larger
 * share), in the recognizer's order.
 */
function collectReadings(
  input: HeardQuestion,
  heardAsRules: Parameters<typeof applyHeardAsRules>[1],
): { text: string; rank: number; share: number; isShareKnown: boolean }[] {
  const heard = [
    { text: input.text, confidence: null as number | null },
    ...input.alternatives.filter((reading) => reading.text.trim() !== ''),
  ];
  const firstShare = input.alternatives.find((reading) => reading.text === input.text)?.confidence;
  const byText = new Map<
    string,
    { text: string; rank: number; share: number; isShareKnown: boolean }
  >();
  heard.slice(0, READINGS_MATCHED + 1).forEach((reading, index) => {
    const text = applyHeardAsRules(reading.text, heardAsRules).text;
    const isShareKnown = index === 0 ? firstShare != null : reading.confidence != null;
    const share = index === 0 ? (firstShare ?? 1) : (reading.confidence ?? 0);
    const known = byText.get(normalizeText(text));
    if (known) {
      known.share = Math.max(known.share, share);
      known.isShareKnown ||= isShareKnown;
    } else {
      byText.set(normalizeText(text), { text, rank: byText.size, share, isShareKnown });
    }
  });
  return [...byText.values()];
}

/**
 * The texts a spoken question is matched on (`chooseReading`'s readings): what needs a sentence
 * vector before it is matched, in one batch. The speech gateway asks for them as soon as it has
 * recognized the words, so they are ready, or on their way, when the ask comes.
 */
export function getReadingTexts(
  input: HeardQuestion,
  heardAsRules: Parameters<typeof applyHeardAsRules>[1],
): string[] {
  return collectReadings(input, heardAsRules).map((reading) => reading.text);
}

/**
 * The ask's stage "reading choice for speech n-best": each reading of a spoken question (the
 * first is `text`, then the recognizer's alternatives) gets the "heard as" rules and the matcher;
 * the reading with the best joint evidence (match score and the recognizer's share together)
 * wins, not the first alone. When no reading answers and the recognizer was unsure, or its
 * readings disagree, the question was misheard (please repeat), not off-script (cannot answer).
 * Readings are matched on the vectors prepared by `prepare` (the sentence model, all readings in
 * one batch), or lexically.
 */
export async function chooseReading(
  score: QuestionScorer,
  heardAsRules: Parameters<typeof applyHeardAsRules>[1],
  input: HeardQuestion & { speechConfidence: number | null },
  options: { limit: number; prepare?: (texts: readonly string[]) => Promise<void> },
): Promise<ReadingChoice> {
  const readings = collectReadings(input, heardAsRules);
  await options.prepare?.(readings.map((reading) => reading.text));
  const topShare = Math.max(...readings.map((reading) => reading.share), Number.MIN_VALUE);
  const results = await score(
    readings.map((reading) => reading.text),
    options.limit,
  );
  const scored: ScoredReading[] = readings.map((reading, index) => {
    const result = results[index]!;
    const best = result.candidates[0]?.score ?? 0;
    const share = Math.max(reading.share, 1e-6) / topShare;
    return { ...reading, result, joint: best + READING_WEIGHT * Math.log(Math.min(1, share)) };
  });
  // Readings that name a script question (answered, or not recorded yet) first, then the joint
  // evidence; the first reading wins a tie.
  const answers = (reading: ScoredReading) =>
    reading.result.decision.kind === 'answer' || reading.result.decision.reason === 'not-recorded';
  const chosen = scored.reduce((best, reading) =>
    (answers(reading) && !answers(best)) ||
    (answers(reading) === answers(best) && reading.joint > best.joint)
      ? reading
      : best,
  );
  const confidence = input.speechConfidence;
  const isUnsure = confidence !== null && confidence < HEARD_CONFIDENCE;
  const disagree = measureDisagreement(scored) > DISAGREEMENT;
  let misheard: MisheardReason | null = null;
  const isTooShort = wordsOf(input.text).length < QUESTION_WORDS;
  if (!answers(chosen)) {
    misheard =
      isUnsure || (isTooShort && confidence !== null) || isNearMiss(chosen.result)
        ? 'not-confident'
        : disagree
          ? 'readings-disagree'
          : null;
  } else if (
    confidence !== null &&
    confidence < ANSWER_CONFIDENCE &&
    chosen.result.candidates[0]?.confidence !== 'exact'
  ) {
    misheard = 'not-confident';
  } else {
    // The n-best list weighs the answer (issue 52 item 3): a rescue by readings the recognizer
    // gave little of its list, or readings that name another question, is a question misheard.
    const backing = measureBacking(scored, namedQuestion(chosen.result)!);
    const isRescue = chosen.rank > 0 && !answers(scored[0]!);
    const isExact = chosen.result.candidates[0]?.confidence === 'exact';
    if (
      (isRescue && backing.same < RESCUE_SHARE) ||
      (!isExact && backing.other >= OTHER_ANSWER_SHARE)
    ) {
      misheard = 'readings-disagree';
    }
  }
  return { text: chosen.text, rank: chosen.rank, result: chosen.result, misheard };
}
