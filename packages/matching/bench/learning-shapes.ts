// The learning simulation on storyfiles whose questions share few words (issue 66 item 1): the
// 30- and 150-answer storyfiles of CLINC150 and BANKING77 (77, all it has), each answer scripted
// with ONE phrasing (its intent's first training example), its visitors the other questions of its
// intent (training and validation), in a seeded order that mixes the answers. The dataset's
// out-of-scope questions and those of intents left out are the off-topic ones. The first half of
// the visitors teach, the second half is measured before and after, each shape side by side with
// the development benchmark (`runLearningSection`'s scenarios, fewer of them).
import { DEFAULT_LEARNING, learningSettingsFor, tuningFor } from '../src/index.ts';
import type { Embedder, LearningSettings } from '../src/index.ts';
import { readTrainFile, type TrainFile } from './datasets.ts';
import type { FaqSlice } from './faq.ts';
import { formatRate, printTable } from './format.ts';
import {
  attackScenarios,
  build,
  measure,
  teach,
  type LearningOutcomes,
  type Scenario,
} from './learning-section.ts';
import { createRandom, sampleIntents } from './storyfile.ts';

/** Off-topic questions a shape keeps at most (a seeded sample). */
const MAX_OFF_TOPIC = 300;
const SEED = 1;

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list;
}

/** One storyfile of `size` answers of `file`, one phrasing each, as a learning shape. */
export function buildLearningShape(file: TrainFile, size: number, seed = SEED): FaqSlice {
  const chosen = sampleIntents(file.intents, Math.min(size, file.intents.length), seed);
  const ids = new Set(chosen.map((intent) => intent.id));
  const random = createRandom(seed);
  const visitors = [
    ...chosen.flatMap((intent) =>
      intent.examples.slice(1).map((text) => ({ text, answerId: intent.id })),
    ),
    ...file.val.flatMap((item) =>
      item.intent !== null && ids.has(item.intent)
        ? [{ text: item.text, answerId: item.intent }]
        : [],
    ),
  ];
  const offTopic = [
    ...file.val.filter((item) => item.intent === null || !ids.has(item.intent)),
    ...file.intents.filter((intent) => !ids.has(intent.id)).flatMap((intent) => intent.examples),
  ].map((item) => (typeof item === 'string' ? item : item.text));
  return {
    name: `${file.name}, ${chosen.length} answers`,
    answers: chosen.map((intent) => ({
      id: intent.id,
      question: intent.examples[0]!,
      transcript: '',
    })),
    questions: shuffled(visitors, random),
    offTopic: shuffled(offTopic, random).slice(0, MAX_OFF_TOPIC),
  };
}

/** Every shape of the section: CLINC150 at 30 and 150 answers, BANKING77 at 30 and 77. */
export function buildLearningShapes(trainPaths: readonly string[]): FaqSlice[] {
  return trainPaths.flatMap((path) => {
    const file = readTrainFile(path);
    const sizes = [...new Set([30, Math.min(150, file.intents.length)])];
    return sizes.map((size) => buildLearningShape(file, size));
  });
}

/** Every text the shapes ask or index, for the bench to embed ahead. */
export function listLearningShapeTexts(shapes: readonly FaqSlice[]): string[] {
  return shapes.flatMap((shape) => [
    ...shape.answers.map((answer) => answer.question),
    ...shape.questions.map((question) => question.text),
    ...shape.offTopic,
  ]);
}

/** One shape's row: before, after honest visitors, and what attackers change. */
export interface ShapeOutcome {
  shape: string;
  /** The learning rule measured (`LearningVariant.name`). */
  rule: string;
  answers: number;
  visitors: number;
  pressed: number;
  learned: number;
  before: LearningOutcomes;
  after: LearningOutcomes;
  /** With one visitor enough (the bound of what a press could teach at once). */
  oneVisitorEnough: LearningOutcomes;
  /** Wrong played after each attack of `attackScenarios`. */
  attacks: { name: string; learned: number; wrongPlayed: number }[];
}

/** A learning rule to measure: the studio's, or one to compare with it. */
export interface LearningVariant {
  name: string;
  settings: LearningSettings;
  /** One press offers its answer at once (`Scenario.offersPressed`). */
  offersPressed?: boolean;
}

/**
 * The studio's rule with this sentence model (`learningSettingsFor`); with one that joins by
 * meaning, one press offers its answer at once (`withPressedAnswers`), as the studio's ask does.
 */
export function studioLearning(embedderId: string | undefined): LearningVariant {
  const settings = learningSettingsFor(embedderId);
  return { name: 'the studio', settings, offersPressed: settings.alikeMeaning !== null };
}

/** The studio's rule without a press offering its answer at once. */
export function studioNotOfferingLearning(embedderId: string | undefined): LearningVariant {
  return {
    ...studioLearning(embedderId),
    name: 'the studio, no press offers',
    offersPressed: false,
  };
}

/** Questions alike by their words alone (the rule before issue 66). */
export const WORDS_ONLY_LEARNING: LearningVariant = {
  name: 'alike by words only',
  settings: DEFAULT_LEARNING,
};

export function measureLearningShape(
  shape: FaqSlice,
  embedder: Embedder,
  { name: rule, settings, offersPressed }: LearningVariant = studioLearning(embedder.id),
): ShapeOutcome {
  const firstHalf = shape.questions.filter((_, position) => position % 2 === 0);
  const secondHalf = shape.questions.filter((_, position) => position % 2 === 1);
  const ownVisitor = (position: number) => [`visitor-${position}`];
  const run = (scenario: Scenario) => {
    const matcher = build(shape, embedder);
    const taught = teach(matcher, shape, firstHalf, scenario, embedder);
    return { ...taught, outcome: measure(matcher, shape, secondHalf, taught.offering) };
  };
  const honest = run({
    name: 'honest',
    isHonest: true,
    settings,
    visitorsOf: ownVisitor,
    offersPressed,
  });
  const bound = run({
    name: 'honest, one visitor enough',
    isHonest: true,
    settings: { ...settings, minVisitors: 1 },
    visitorsOf: ownVisitor,
  });
  return {
    shape: shape.name,
    rule,
    answers: shape.answers.length,
    visitors: firstHalf.length,
    pressed: honest.pressed,
    learned: honest.learned,
    before: measure(build(shape, embedder), shape, secondHalf),
    after: honest.outcome,
    oneVisitorEnough: bound.outcome,
    attacks: attackScenarios(settings).map((scenario) => {
      const attacked = run({ ...scenario, offersPressed });
      return {
        name: scenario.name,
        learned: attacked.learned,
        wrongPlayed: attacked.outcome.wrongPlayed,
      };
    }),
  };
}

function change(before: number, after: number): string {
  const points = (after - before) * 100;
  return `${formatRate(before)} → ${formatRate(after)} (${points >= 0 ? '+' : ''}${points.toFixed(1)})`;
}

/** Measures every shape and prints them side by side; returns the rows. */
export function runLearningShapes(
  shapes: readonly FaqSlice[],
  embedder: Embedder,
  variants: readonly LearningVariant[] = [studioLearning(embedder.id), WORDS_ONLY_LEARNING],
): ShapeOutcome[] {
  const outcomes = shapes.flatMap((shape) =>
    variants.map((variant) => measureLearningShape(shape, embedder, variant)),
  );
  const { settings } = studioLearning(embedder.id);
  console.log(
    '\nlearning on every shape (issue 66: each answer one phrasing, its visitors the other ' +
      'questions of its intent; the first half teach, each from a network of its own, pressing the ' +
      `right suggestion when offered; the studio's rule: ${settings.minVisitors} distinct networks, ` +
      `words in common ≥ ${settings.alikeShare ?? 1}` +
      (settings.alikeMeaning === null ? '' : ` or cosine ≥ ${settings.alikeMeaning}`) +
      `, learned questions weigh ` +
      `${tuningFor(embedder.id).learnedWeight}); the second half measured before → after\n`,
  );
  printTable(
    [
      'shape',
      'rule',
      'visitors: pressed / learned',
      'best match',
      'right played',
      'wrong played',
      'played or offered',
      'asked back',
      'right played, one visitor enough',
    ],
    outcomes.map((row) => [
      row.shape,
      row.rule,
      `${row.visitors}: ${row.pressed} / ${row.learned}`,
      change(row.before.bestMatch, row.after.bestMatch),
      change(row.before.rightPlayed, row.after.rightPlayed),
      change(row.before.wrongPlayed, row.after.wrongPlayed),
      change(row.before.rightPlayedOrOffered, row.after.rightPlayedOrOffered),
      change(row.before.askedBack, row.after.askedBack),
      formatRate(row.oneVisitorEnough.rightPlayed),
    ]),
  );
  console.log('\nattacks on every shape (wrong played in the second half, questions learned)\n');
  printTable(
    ['shape', 'rule', 'before', ...(outcomes[0]?.attacks.map((attack) => attack.name) ?? [])],
    outcomes.map((row) => [
      row.shape,
      row.rule,
      formatRate(row.before.wrongPlayed),
      ...row.attacks.map((attack) => `${formatRate(attack.wrongPlayed)} (${attack.learned})`),
    ]),
  );
  return outcomes;
}
