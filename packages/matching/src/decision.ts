// Play, ask back or fall back (issue 50): what a visitor's question gets, chosen by what each
// outcome costs them. A wrong answer played costs most (the recorded person answers another
// question), then the cannot-answer clip when the right answer was within reach, then a question
// asked back ("Did you mean…?", at most three recorded answers). The two bars are the storyfile's
// own (`decision-calibration.ts`): the score above which a wrong answer is rare enough to play, and
// the score below which the built-in off-topic questions mostly lie.

/**
 * Where one storyfile plays, asks back and falls back.
 * - `playAt`: the best recorded answer is played when its play score (`playScoreOf`: its score,
 *   plus `leadWeight` × its lead over the next recorded answer) is at least this, its score at
 *   least `minPlayScore`, and it is not near-tied;
 * - `offerAt`: below `playAt`, a best recorded answer scoring at least this is offered ("Did you
 *   mean…?"); below it, the fallback;
 * - `offerBesideAt`: the next recorded answers scoring at least this are offered beside it;
 * - `tieMargin`: a second recorded answer within this of the first is asked about, not played over.
 */
export interface DecisionPolicy {
  playAt: number;
  /**
   * A best match without a video whose play score reaches this (as `playAt` reads a recorded one)
   * is what was asked: the caller falls back. `playAt` as if every answer were recorded.
   */
  sureAt: number;
  offerAt: number;
  offerBesideAt: number;
  tieMargin: number;
  leadWeight: number;
  /** The threshold in force: nothing scoring under it is played, whatever its lead. */
  minPlayScore: number;
}

/**
 * How sure a ranking is of its best answer: its score, plus `leadWeight` × its lead over the next
 * recorded answer (none: a lead of its whole score). A best match far ahead of the rest is more
 * often right than one of the same score beside a close second.
 */
export function playScoreOf(score: number, nextScore: number | undefined, leadWeight: number) {
  return score + leadWeight * Math.max(0, score - (nextScore ?? 0));
}

/** One ranked answer as the decision reads it (a `Candidate` has these and more). */
export interface RankedAnswer {
  answerId: string;
  score: number;
  isRecorded: boolean;
  /** The question is one of the answer's stored phrasings, word for word. */
  isExact: boolean;
}

export type Outcome =
  | { kind: 'play'; answerId: string }
  | { kind: 'ask'; suggestions: { answerId: string; score: number }[] }
  | { kind: 'fallback' };

// Scores are rounded to 1e-6: a bar is compared with float noise allowed for.
const SCORE_EPSILON = 1e-9;

/**
 * Under a best match without a video, the recorded answers asked about come from the ranking's
 * first three: further down, none is a plausible reading of the question, and the honest answer is
 * that it is not recorded (issue 68: "How many siblings do you have?", whose best match "Did you
 * have any brothers or sisters?" has no video, was asked "Did you mean… Do you have any pets?",
 * ranked 4th). Measured by `bench:matching --sections partial` (docs/benchmarks.md).
 */
export const UNRECORDED_OFFER_RANKS = 3;

/**
 * A question more than this nearer (in sentence-vector cosine) the built-in off-topic questions
 * than anything the script says is not asked back: no recorded answer is a plausible reading of
 * it, and the honest answer is the fallback ("What is the capital of Australia?" was offered
 * "Where were you born?"). Chosen on every shape of `bench:matching` (docs/experiments/matching.md,
 * issue 68): 0 cut more off-topic questions asked back on the development benchmark but lost up to
 * 12 points of right offers on one-phrasing CLINC150 storyfiles, whose subjects are the built-in
 * list's own (requests for a service, small talk).
 */
export const OFF_TOPIC_NEARER_MARGIN = 0.1;

/**
 * The outcome of one question's ranking (best first) under `policy`: an exact phrasing plays; a
 * clear lead at or above `playAt` plays; otherwise, when the best scores at least `offerAt`, it and
 * the next recorded answers scoring at least `offerBesideAt` (at most `limit` in all) are asked
 * about, however far below the best they score: the right answer is second or third often enough
 * to be worth the visitor's glance; otherwise the fallback.
 *
 * A best match without a video is never played over (another answer answers another question).
 * When the storyfile is sure of it (an exact phrasing, or a play score at `sureAt`: what would play
 * were every answer recorded), the caller falls back with its reason; when it is not, the recorded
 * answers among the first `UNRECORDED_OFFER_RANKS` are asked about as above, the best of them in
 * its place: in a script mostly unrecorded, an unrecorded question is the best match of many
 * questions that a recorded answer answers.
 *
 * `offTopicLead` (the matcher's `MatchResult.offTopicLead`): a question more than
 * `OFF_TOPIC_NEARER_MARGIN` nearer the built-in off-topic questions than anything the script says
 * is never asked back.
 */
export function decideOutcome(
  ranked: readonly RankedAnswer[],
  policy: Readonly<DecisionPolicy>,
  limit = 3,
  offTopicLead?: number,
): Outcome {
  const first = ranked[0];
  if (!first) {
    return { kind: 'fallback' };
  }
  if (first.isExact) {
    return first.isRecorded ? { kind: 'play', answerId: first.answerId } : { kind: 'fallback' };
  }
  // Nearer the built-in off-topic questions than anything the script says: nothing to ask back.
  const isOffSubject = offTopicLead !== undefined && offTopicLead > OFF_TOPIC_NEARER_MARGIN;
  const recorded = ranked.filter((answer) => answer.isRecorded);
  // The lead is over the next answer that could play instead: a recorded one, or for a best match
  // without a video, whatever comes next (how sure the storyfile is of what was asked).
  const second = first.isRecorded ? recorded[1] : ranked[1];
  if (isSure(first, second, first.isRecorded ? policy.playAt : policy.sureAt, policy)) {
    return first.isRecorded ? { kind: 'play', answerId: first.answerId } : { kind: 'fallback' };
  }
  const offerable = first.isRecorded
    ? recorded
    : ranked.slice(0, UNRECORDED_OFFER_RANKS).filter((answer) => answer.isRecorded);
  const best = offerable[0];
  const floor = Math.min(policy.offerAt, policy.playAt);
  if (!best || best.score < floor - SCORE_EPSILON || limit <= 0 || isOffSubject) {
    return { kind: 'fallback' };
  }
  const suggestions = offerable
    .filter((answer, rank) => rank === 0 || answer.score >= policy.offerBesideAt - SCORE_EPSILON)
    .slice(0, Math.floor(limit))
    .map(({ answerId, score }) => ({ answerId, score }));
  return { kind: 'ask', suggestions };
}

/** A clear lead over `second`, at the threshold, with a play score at `bar`. */
function isSure(
  first: RankedAnswer,
  second: RankedAnswer | undefined,
  bar: number,
  policy: Readonly<DecisionPolicy>,
): boolean {
  const isClearLead = !second || first.score - second.score > policy.tieMargin + SCORE_EPSILON;
  return (
    isClearLead &&
    first.score >= policy.minPlayScore - SCORE_EPSILON &&
    playScoreOf(first.score, second?.score, policy.leadWeight) >= bar - SCORE_EPSILON
  );
}
