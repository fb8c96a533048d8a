// The storyfile-shaped section (issue 13): 30- to 300-answer storyfiles sampled from CLINC150 and
// BANKING77, at the automatic threshold and at DEFAULT_THRESHOLD; with the decision frontier of
// issue 50 (play / ask back / fall back) for the product's scoring.
import { DEFAULT_THRESHOLD } from '../src/index.ts';
import type { Embedder, MatcherOptions } from '../src/index.ts';
import { conversaVariantOptions } from './contenders.ts';
import { readEvalItems, readTrainFile } from './datasets.ts';
import type { Split } from './datasets.ts';
import { formatMs, formatRate, formatShare, printTable } from './format.ts';
import { measureStoryfiles } from './storyfile.ts';
import { FRONTIER_HEADER, FRONTIER_NOTE, frontierRows } from './decision-frontier.ts';
import type { StoryfileResult } from './storyfile.ts';

/**
 * Storyfile-shaped section: for each dataset and size, `seeds` storyfiles of sampled intents, at
 * the automatic threshold (what a brand-new storyfile gets) and at `DEFAULT_THRESHOLD`.
 */
export function runStoryfileSection(options: {
  trainPaths: string[];
  evalPaths: string[] | undefined;
  split: Split;
  sizes: number[];
  seeds: number;
  embedder: Embedder | undefined;
  phrasings: number | undefined;
  /**
   * Issue 50: the questions at even positions are the storyfiles' log of what visitors asked
   * (unlabelled, off-topic ones included), those at odd positions are asked; each automatic
   * variant is measured without and with the log.
   */
  visitorLog?: boolean;
}): StoryfileResult[] {
  const results: StoryfileResult[] = [];
  // Lexical at the automatic threshold and at DEFAULT_THRESHOLD; with vectors, automatic only.
  const baseVariants: { scoring: string; setting: 'auto' | number; options: MatcherOptions }[] = [
    { scoring: 'lexical', setting: 'auto', options: {} },
    { scoring: 'lexical', setting: DEFAULT_THRESHOLD, options: {} },
    ...(options.embedder
      ? [
          {
            scoring: 'semantic only',
            setting: 'auto' as const,
            options: conversaVariantOptions('conversa-semantic', options.embedder),
          },
          {
            scoring: 'combined',
            setting: 'auto' as const,
            options: conversaVariantOptions('conversa-combined', options.embedder),
          },
        ]
      : []),
  ];
  const variants = options.visitorLog
    ? baseVariants.flatMap((variant) =>
        variant.setting === 'auto'
          ? [variant, { ...variant, scoring: `${variant.scoring} + log`, isLogged: true }]
          : [variant],
      )
    : baseVariants;
  const scorings: string[] = [];
  const notes: string[] = [];
  options.trainPaths.forEach((trainPath, position) => {
    const train = readTrainFile(trainPath);
    const evalPath = options.evalPaths?.[position];
    const all = evalPath ? readEvalItems(evalPath, options.split) : train.val;
    const questions = options.visitorLog ? all.filter((_, position) => position % 2 === 1) : all;
    const log = all.filter((_, position) => position % 2 === 0).map((item) => item.text);
    const split = evalPath ? options.split : 'val';
    console.log(
      `storyfiles from ${train.name} (${train.intents.length} intents), questions: ` +
        `${evalPath ?? trainPath} [${split}], ${questions.length} items`,
    );
    for (const size of options.sizes) {
      if (size > train.intents.length) {
        notes.push(
          `${train.name}: N=${size} is impossible, the dataset has ${train.intents.length} intents`,
        );
        continue;
      }
      for (const variant of variants) {
        const { scoring, setting, options: matcherOptions } = variant;
        const started = performance.now();
        const result = measureStoryfiles({
          dataset: `${train.name} ${split}`,
          intents: train.intents,
          questions,
          size,
          seeds: size === train.intents.length ? 1 : options.seeds,
          setting,
          matcherOptions,
          phrasings: options.phrasings,
          ...('isLogged' in variant ? { visitorLog: log } : {}),
        });
        results.push({ ...result, scoring });
        scorings.push(scoring);
        console.log(
          `  N=${size} ${scoring}, threshold ${String(setting)}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
        );
      }
    }
  });
  console.log('');
  printTable(
    [
      'dataset',
      'N',
      'seeds',
      'scoring',
      'threshold',
      'answered right',
      'closed-set',
      'wrong answer: off-topic',
      'wrong answer: OOS',
      'fallback: in-scope / off-topic / OOS',
      'thresholds in force',
      'calibration ms',
      'ask p50 ms',
      'frontier: right at ≤10% off-topic (t)',
    ],
    results.map((result, position) => [
      result.dataset,
      String(result.answers),
      String(result.seeds),
      scorings[position] ?? 'lexical',
      result.threshold,
      formatShare(result.answeredRight, result.inScope),
      formatShare(result.closedRight, result.inScope),
      formatShare(result.offTopicAnswered, result.offTopic),
      formatShare(result.outOfScopeAnswered, result.outOfScope),
      [
        formatShare(result.inScopeFallback, result.inScope),
        formatShare(result.offTopicFallback, result.offTopic),
        formatShare(result.outOfScopeFallback, result.outOfScope),
      ].join(' / '),
      `${Math.min(...result.thresholds).toFixed(3)}–${Math.max(...result.thresholds).toFixed(3)}`,
      result.calibrationMs === null ? '—' : formatMs(result.calibrationMs),
      formatMs(result.askP50Ms),
      result.frontier
        ? `${formatRate(result.frontier.answeredRight)} (${result.frontier.threshold.toFixed(3)})`
        : '—',
    ]),
  );
  for (const note of notes) {
    console.log(note);
  }
  console.log(
    "in scope: held-out questions of the storyfile's own intents; off-topic: those of every other " +
      "intent; OOS: the dataset's out-of-scope items. Wrong answer = any answer to an off-topic or OOS question.\n" +
      'frontier: the one threshold (all seeds) that answers the most in-scope questions right with at most ' +
      '10% of the off-topic ones answered; it bounds what any threshold rule can reach with this scorer.\n',
  );
  console.log('play / ask back / fall back (issue 50), automatic thresholds:\n');
  printTable(
    FRONTIER_HEADER,
    results.flatMap((result, position) =>
      result.decisions
        ? frontierRows(
            `${result.dataset} N=${result.answers} ${scorings[position] ?? 'lexical'}`,
            result.decisions,
          )
        : [],
    ),
  );
  console.log(
    `${FRONTIER_NOTE}Off-topic here: the dataset's other intents and its out-of-scope items.\n`,
  );
  return results;
}
