// The learning simulation through the product (not a test; issue 66 items 1 and 4) on every shape
// of the matcher's own simulation (`buildLearningShape`): the development benchmark (192 answers,
// one question each, with transcripts) and CLINC150 and BANKING77 at 30 and 150 (77) answers of
// one phrasing. Each is published as a storyfile and asked through the public API, every visitor
// a cookie of its own from a /24 of its own behind the trusted proxy (X-Forwarded-For). The second
// half of the visitors' questions (odd positions) and the off-topic ones are asked and counted;
// the first half asks in turn, pressing the right suggestion when offered (--attack wrong: one
// not right; --attack crowd: the same from 50 cookies on one address); then the second half is
// asked again by new visitors. The studio learns as it does for everyone (labels, two networks,
// the visitor log). Beside each, the matcher's simulation of the same questions
// (`measureLearningShape`, the studio's rule). Writes bench-results/visitors-teach[-attack].json.
//
// Usage: npm run bench:visitors-teach [-- --shapes all --questions 0 --attack crowd --accept]
//   --shapes LIST   development, clinc150-30, clinc150-150, banking77-30, banking77-77 or all
//                   (default development)
//   --questions N   questions per half at most (default 400; 0: all)
//   --accept        then the author accepts what visitors chose, and the second half is asked
//                   again (each Accept re-asks up to 10,000 past questions: 10 s at 5,000)
//   DATABASE_URL    any PostgreSQL (a database `conversa_bench_visitors_teach` is created there);
//                   unset starts the bench's own embedded PostgreSQL under .data-bench/visitorsTeach/
//                   (BENCH_POSTGRES_PORT, default 54382)
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { OFF_TOPIC_QUESTIONS } from '@conversa/matching';
import { readTrainFile } from '@conversa/matching/bench/datasets';
import { listFaqTexts, readFaqSlice, type FaqSlice } from '@conversa/matching/bench/faq';
import {
  buildLearningShape,
  listLearningShapeTexts,
  measureLearningShape,
  type ShapeOutcome,
} from '@conversa/matching/bench/learning-shapes';
import type { LearningOutcomes } from '@conversa/matching/bench/learning-section';
import { prepareBenchVectors } from '@conversa/matching/bench/vectors';
import { prepareBenchDatabase, repoRoot, startBenchStudio, writeBenchResults } from './support.ts';
import {
  ATTACKS,
  throughTheProduct,
  type Attack,
  type Counts,
  type ProductOutcome,
} from './visitors-teach/product.ts';

const SHAPES = ['development', 'clinc150-30', 'clinc150-150', 'banking77-30', 'banking77-77'];
/** Off-topic questions a shape asks at most (the matcher's shapes keep 300). */
const MAX_OFF_TOPIC = 300;

const { values: args } = parseArgs({
  options: {
    shapes: { type: 'string', default: 'development' },
    questions: { type: 'string', default: '400' },
    attack: { type: 'string', default: 'none' },
    accept: { type: 'boolean', default: false },
  },
});
const attack = args.attack as Attack;
const shapeNames = args.shapes === 'all' ? SHAPES : args.shapes.split(',');
if (!ATTACKS.includes(attack) || shapeNames.some((name) => !SHAPES.includes(name))) {
  throw new Error(`--attack takes ${ATTACKS.join(', ')}; --shapes ${SHAPES.join(', ')} or all`);
}
const limit = Number(args.questions);

const dataFile = (file: string) => path.join(repoRoot, 'packages/matching/data', file);
/** A shape, cut to `limit` questions a half: both simulations ask the same ones. */
function loadShape(name: string): FaqSlice {
  const [dataset, size] = name.split('-');
  const shape =
    name === 'development'
      ? readFaqSlice(dataFile('faq-storyfile.json'))
      : buildLearningShape(readTrainFile(dataFile(`${dataset}.fewshot5.json`)), Number(size));
  return {
    ...shape,
    name,
    questions: limit > 0 ? shape.questions.slice(0, 2 * limit) : shape.questions,
    offTopic: shape.offTopic.slice(0, MAX_OFF_TOPIC),
  };
}

/** The matcher's own simulation of the same questions, the studio's rule (no attack). */
async function atTheMatcher(shapes: readonly FaqSlice[]): Promise<Map<string, ShapeOutcome>> {
  const texts = [
    ...OFF_TOPIC_QUESTIONS,
    ...shapes.flatMap((shape) =>
      shape.name === 'development' ? listFaqTexts(shape) : listLearningShapeTexts([shape]),
    ),
  ];
  const prepared = await prepareBenchVectors('all-minilm-l6-v2', texts);
  return new Map(
    shapes.map((shape) => [shape.name, measureLearningShape(shape, prepared!.embedder)]),
  );
}

const shapes = shapeNames.map(loadShape);
console.log("the matcher's own simulation of the same questions...");
const matcherOutcomes = await atTheMatcher(shapes);
const { url, embedded } = await prepareBenchDatabase(
  'conversa_bench_visitors_teach',
  'visitorsTeach',
);
// Visitors come through a proxy on loopback that names their address (X-Forwarded-For).
const studio = await startBenchStudio(url, 'visitors-teach', {
  PUBLIC_ASK_LIMIT_PER_MINUTE: '1000000',
  TRUST_PROXY: 'loopback',
});
const productOutcomes = new Map<string, ProductOutcome>();
try {
  for (const shape of shapes) {
    productOutcomes.set(
      shape.name,
      await throughTheProduct(studio, shape, { attack, accept: args.accept }),
    );
  }
} finally {
  await studio.stop();
  await embedded?.stop();
}

/** The public ask's counts as the matcher's simulation gives its outcomes (no best match). */
function outcomesOf(counts: Counts): Omit<LearningOutcomes, 'bestMatch'> & { bestMatch: null } {
  const of = (count: number) => count / counts.questions;
  return {
    bestMatch: null,
    rightPlayed: of(counts.rightPlayed),
    wrongPlayed: of(counts.wrongPlayed),
    rightPlayedOrOffered: of(counts.rightPlayed + counts.rightOffered),
    askedBack: of(counts.askedBack),
    offTopicPlayed: counts.offTopicPlayed / counts.offTopic,
    offTopicOffered: null,
  };
}
type Outcomes = ReturnType<typeof outcomesOf> | LearningOutcomes;
const COLUMNS = {
  'best match': 'bestMatch',
  'right played': 'rightPlayed',
  'wrong played': 'wrongPlayed',
  'right played or offered': 'rightPlayedOrOffered',
  'asked back': 'askedBack',
  'off-topic played': 'offTopicPlayed',
} as const;
const rate = (value: number | null) => (value === null ? '—' : `${(100 * value).toFixed(1)}%`);
/** One printed row: each figure before → then. */
function row(shape: string, where: string, visitors: string, before: Outcomes, then: Outcomes) {
  return {
    shape,
    where,
    'visitors: pressed': visitors,
    ...Object.fromEntries(
      Object.entries(COLUMNS).map(([column, key]) => [
        column,
        `${rate(before[key])} → ${rate(then[key])}`,
      ]),
    ),
  };
}
const rows = shapes.flatMap(({ name }) => {
  const product = productOutcomes.get(name)!;
  const matcher = matcherOutcomes.get(name)!;
  const before = outcomesOf(product.before);
  return [
    row(
      name,
      'the matcher',
      `${matcher.visitors}: ${matcher.pressed}`,
      matcher.before,
      matcher.after,
    ),
    row(
      name,
      'the public ask',
      `${product.visitors}: ${product.pressed}`,
      before,
      outcomesOf(product.after),
    ),
    ...(product.accepted
      ? [
          row(
            name,
            'the author accepted',
            `${product.acceptedQuestions} accepted`,
            before,
            outcomesOf(product.accepted),
          ),
        ]
      : []),
  ];
});
console.log(
  `\nVisitors teach (${attack === 'none' ? 'pressing the right answer' : `attack: ${attack}, pressing wrong on purpose`}), ` +
    `before → after the first half asked; the matcher's simulation always presses right; ` +
    `load average ${loadavg()[0]!.toFixed(1)}\n`,
);
console.table(rows);
const results = Object.fromEntries(
  shapes.map((shape) => [
    shape.name,
    { product: productOutcomes.get(shape.name), matcher: matcherOutcomes.get(shape.name) },
  ]),
);
console.log(
  `wrote ${writeBenchResults(`visitors-teach${attack === 'none' ? '' : `-${attack}`}`, results)}`,
);
// The matcher's sentence model keeps a thread of its own.
process.exit(0);
