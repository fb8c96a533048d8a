// A storyfile recorded in part (issue 50, the new user's case): the development benchmark's script
// with only every k-th answer recorded (a transcript for those alone, as a video brings one), asked
// every held-out and off-topic question. A question whose answer has no video yet has nothing right
// to play: it should fall back (the studio names the question to record), and playing a recorded
// answer to it is a wrong answer too.
import { createMatcher } from '../src/index.ts';
import type { Embedder } from '../src/index.ts';
import { emptyFrontier, measureDecisions } from './decision-frontier.ts';
import type { DecisionCounts } from './decision-frontier.ts';
import type { FaqSlice } from './faq.ts';
import { formatShare, printTable } from './format.ts';

/** Shares of the script's answers recorded, measured by default. */
export const RECORDED_SHARES = [1, 0.5, 0.25, 0.1];

export interface PartialResult {
  recorded: number;
  answers: number;
  playAt: number;
  offerAt: number;
  /** Questions of recorded answers: the policy at its automatic point, and today's rule. */
  recordedAnswers: { policy: DecisionCounts; today: DecisionCounts };
  /** Questions of answers without a video (counted as off-topic: nothing right to play). */
  unrecordedAnswers: { policy: DecisionCounts; today: DecisionCounts };
  offTopic: { policy: DecisionCounts; today: DecisionCounts };
}

export function runPartialSection(
  slice: FaqSlice,
  embedder: Embedder | undefined,
  shares: readonly number[] = RECORDED_SHARES,
): PartialResult[] {
  const results = shares.map((share) => measurePartial(slice, embedder, share));
  console.log(
    `\nA storyfile recorded in part (${slice.name}, ${embedder ? 'combined' : 'words'} + the ` +
      'recorded answers’ transcripts; every k-th answer recorded; policy at its automatic point, ' +
      'today’s rule of issue 40 in brackets)\n',
  );
  printTable(
    [
      'recorded',
      'play at',
      'offer at',
      'their questions: right played',
      'wrong played',
      'right played or offered',
      'unrecorded answers’ questions: played',
      'asked back',
      'off-topic played',
      'off-topic asked back',
    ],
    results.map((result) => {
      const mine = result.recordedAnswers;
      const theirs = result.unrecordedAnswers;
      const both =
        (pick: (counts: DecisionCounts) => [number, number]) =>
        (pair: { policy: DecisionCounts; today: DecisionCounts }) =>
          `${formatShare(...pick(pair.policy))} (${formatShare(...pick(pair.today))})`;
      return [
        `${result.recorded} of ${result.answers}`,
        result.playAt.toFixed(3),
        result.offerAt.toFixed(3),
        both((c) => [c.rightPlayed, c.inScope])(mine),
        both((c) => [c.wrongPlayed, c.inScope])(mine),
        both((c) => [c.rightPlayedOrOffered, c.inScope])(mine),
        both((c) => [c.offTopicPlayed, c.offTopic])(theirs),
        both((c) => [c.offTopicOffered, c.offTopic])(theirs),
        both((c) => [c.offTopicPlayed, c.offTopic])(result.offTopic),
        both((c) => [c.offTopicOffered, c.offTopic])(result.offTopic),
      ];
    }),
  );
  return results;
}

function measurePartial(
  slice: FaqSlice,
  embedder: Embedder | undefined,
  share: number,
): PartialResult {
  const every = Math.max(1, Math.round(1 / share));
  const recorded = new Set(
    slice.answers.filter((_, position) => position % every === 0).map((answer) => answer.id),
  );
  const matcher = createMatcher({ threshold: 'auto', ...(embedder ? { embedder } : {}) });
  for (const answer of slice.answers) {
    const isRecorded = recorded.has(answer.id);
    matcher.upsertAnswer({
      id: answer.id,
      question: answer.question,
      isRecorded,
      ...(isRecorded ? { transcript: answer.transcript } : {}),
    });
  }
  const measure = (questions: { text: string; answerId: string | null }[]) => {
    const frontier = emptyFrontier();
    measureDecisions(matcher, questions, frontier);
    const auto = frontier.points[0]!;
    return {
      policy: auto.counts,
      today: frontier.today,
      playAt: auto.playAt[0] ?? 0,
      offerAt: auto.offerAt[0] ?? 0,
    };
  };
  const mine = measure(slice.questions.filter((question) => recorded.has(question.answerId)));
  const theirs = measure(
    slice.questions
      .filter((question) => !recorded.has(question.answerId))
      .map((question) => ({ text: question.text, answerId: null })),
  );
  const offTopic = measure(slice.offTopic.map((text) => ({ text, answerId: null })));
  return {
    recorded: recorded.size,
    answers: slice.answers.length,
    playAt: mine.playAt,
    offerAt: mine.offerAt,
    recordedAnswers: { policy: mine.policy, today: mine.today },
    unrecordedAnswers: { policy: theirs.policy, today: theirs.today },
    offTopic: { policy: offTopic.policy, today: offTopic.today },
  };
}
