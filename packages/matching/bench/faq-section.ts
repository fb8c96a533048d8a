// The real-scale section (issue 40): one storyfile of a couple of hundred answers scripted with one
// question each, ours beside NLP.js and MiniSearch; with the decision frontier of issue 50.
import { DEFAULT_TUNING } from '../src/index.ts';
import type { Embedder, MatcherOptions } from '../src/index.ts';
import { createContender } from './contenders.ts';
import { measureFaqConversa, measureFaqPeer } from './faq.ts';
import type { FaqResult, FaqSlice } from './faq.ts';
import { formatRate, printTable } from './format.ts';
import { FRONTIER_HEADER, FRONTIER_NOTE, frontierRows } from './decision-frontier.ts';

/**
 * Real-scale section (issue 40): one storyfile of a couple of hundred answers scripted with one
 * question each; ours with and without transcripts, the rule of 2026-11-25 beside the current one,
 * NLP.js and MiniSearch on the same script.
 */
export async function runFaqSection(
  fullSlice: FaqSlice,
  embedder: Embedder | undefined,
  options: {
    /**
     * Issue 50: the held-out and off-topic questions at even positions are the storyfile's log of
     * what visitors asked (unlabelled), those at odd positions are measured; the variants with
     * transcripts are measured without and with the log.
     */
    visitorLog?: boolean;
  } = {},
): Promise<FaqResult[]> {
  const isOdd = (_: unknown, position: number) => position % 2 === 1;
  const isEven = (_: unknown, position: number) => position % 2 === 0;
  const slice = options.visitorLog
    ? {
        ...fullSlice,
        questions: fullSlice.questions.filter(isOdd),
        offTopic: fullSlice.offTopic.filter(isOdd),
      }
    : fullSlice;
  const log = [
    ...fullSlice.questions.filter(isEven).map((question) => question.text),
    ...fullSlice.offTopic.filter(isEven),
  ];
  // The automatic threshold as it was before issue 40: neighbour questions counted on a script
  // without alternates (`minHeldOutSamples` 0 lets them in; with no held-out phrasing nothing else moves).
  const before = {
    autoThreshold: { ...DEFAULT_TUNING.autoThreshold, minHeldOutSamples: 0 },
  };
  const baseVariants: {
    name: string;
    options: MatcherOptions;
    withTranscripts: boolean;
    visitorLog?: readonly string[];
  }[] = [
    {
      name: 'conversa lexical, rule of 11-25',
      options: { tuning: before },
      withTranscripts: false,
    },
    { name: 'conversa lexical', options: {}, withTranscripts: false },
    { name: 'conversa lexical + transcripts', options: {}, withTranscripts: true },
    ...(embedder
      ? [
          {
            name: 'conversa combined, rule of 11-25',
            options: { embedder, tuning: before },
            withTranscripts: false,
          },
          { name: 'conversa combined', options: { embedder }, withTranscripts: false },
          {
            name: 'conversa combined + transcripts',
            options: { embedder },
            withTranscripts: true,
          },
        ]
      : []),
  ];
  const variants = options.visitorLog
    ? baseVariants.flatMap((variant) =>
        variant.withTranscripts
          ? [variant, { ...variant, name: `${variant.name} + log`, visitorLog: log }]
          : [variant],
      )
    : baseVariants;
  const results: FaqResult[] = [];
  for (const variant of variants) {
    const started = performance.now();
    // The rule of 11-25 is today's rule under an older threshold: its frontier adds nothing.
    const withDecisions = !variant.name.includes('rule of');
    results.push(measureFaqConversa({ ...variant, slice, withDecisions }));
    console.log(`  ${variant.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const name of ['nlpjs', 'minisearch'] as const) {
    results.push(await measureFaqPeer(createContender(name), slice));
  }
  console.log(
    `\nreal-scale storyfile ${slice.name}: ${slice.answers.length} answers scripted with one question ` +
      `each, ${slice.questions.length} held-out questions, ${slice.offTopic.length} off-topic` +
      (options.visitorLog
        ? ` (the odd positions; the even ones, ${log.length} questions, are the log of "+ log")\n`
        : '\n'),
  );
  printTable(
    [
      'matcher',
      'threshold',
      'best match',
      'right in best 3',
      'answered right',
      'answered wrong',
      'answered or offered (≤ 3)',
      'off-topic answered',
      'off-topic offered',
      'frontier: right at ≤ 5 / 10 / 15% off-topic answered',
    ],
    results.map((result) => [
      result.matcher,
      result.threshold === null ? '—' : result.threshold.toFixed(3),
      formatRate(result.bestMatch),
      formatRate(result.top3),
      formatRate(result.answeredRight),
      formatRate(result.answeredWrong),
      formatRate(result.answeredOrOffered),
      formatRate(result.offTopicAnswered),
      formatRate(result.offTopicOffered),
      result.frontier.map((point) => formatRate(point.answeredRight)).join(' / '),
    ]),
  );
  console.log(
    'answered or offered: the right answer played, or among the suggestions of chooseSuggestions ' +
      '(asked back instead of the fallback or of a near-tie). Peers have no threshold: their frontier ' +
      'is read on their own scores.\n',
  );
  console.log(
    "play / ask back / fall back (issue 50): today's rule against the policy's operating points\n",
  );
  printTable(
    FRONTIER_HEADER,
    results.flatMap((result) =>
      result.decisions ? frontierRows(result.matcher, result.decisions) : [],
    ),
  );
  console.log(FRONTIER_NOTE);
  return results;
}
