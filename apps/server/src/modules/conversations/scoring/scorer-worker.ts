// A scorer worker (a thread of the server's pool, `scorer-pool.ts`): holds the matchers of the
// storyfiles it was asked about, built from the snapshots the server sends, and scores questions.
// Nothing here reads the database or embeds text: the server sends the stored vectors.
import { threadId, workerData } from 'node:worker_threads';
import {
  createMatcher,
  OFF_TOPIC_TEXTS,
  toUnit,
  type Embedder,
  type Matcher,
  type TrainedState,
} from '@conversa/matching';
import { estimateMatcherBytes } from './matcher-bytes.ts';
import { createBudgetFit } from './matcher-budget.ts';
import type {
  MatcherSnapshot,
  ScoreReply,
  ScoreTask,
  ScorerWorkerData,
} from './scorer-protocol.ts';

/** This thread's share of MATCHER_CACHE_MB; the least recently asked matcher goes first. */
const budgetBytes =
  (workerData as Partial<ScorerWorkerData> | null)?.budgetBytes ?? Number.POSITIVE_INFINITY;
let evictions = 0;

interface HeldMatcher {
  version: number;
  matcher: Matcher;
  /** Whether its script was added from the stored index it was sent (`Matcher.addScript`). */
  isIndexRestored: boolean;
  /** Its estimated bytes (`matcher-bytes.ts`), the snapshot's vectors included. */
  bytes: number;
}

const held = new Map<string, HeldMatcher>();
const fitToBudget = createBudgetFit(held, (value) => value.bytes, budgetBytes);
/**
 * The built-in off-topic questions' vectors by embedder and text: the same in every snapshot of
 * that embedder, so the thread's matchers share one copy (300 vectors, 0.6 MB a matcher at 512
 * dimensions) instead of each keeping the one it was sent.
 */
const sharedOffTopicVectors = new Map<string, Float32Array>();

/** The vector as the thread keeps it: unit, and one shared copy of a built-in question's. */
function keptVector(embedderId: string, text: string, vector: Float32Array): Float32Array {
  if (!OFF_TOPIC_TEXTS.has(text)) {
    return toUnit(vector);
  }
  const key = `${embedderId}\n${text}`;
  const shared = sharedOffTopicVectors.get(key);
  if (shared?.length === vector.length) {
    return shared;
  }
  const unit = toUnit(vector);
  sharedOffTopicVectors.set(key, unit);
  return unit;
}
/** The vectors of the questions being scored (set for one task, synchronously). */
let questionVectors = new Map<string, Float32Array>();

/**
 * The matcher of a snapshot (exported for the bench that weighs it against the heap), with what a
 * matcher of the same snapshot trained and calibrated when it is given (no training then), and its
 * script's index when that holds one (no analysing of the script's texts then).
 */
export function buildMatcher(snapshot: MatcherSnapshot, trained?: TrainedState): Matcher {
  return buildIndexedMatcher(snapshot, trained).matcher;
}

function buildIndexedMatcher(
  snapshot: MatcherSnapshot,
  trained: TrainedState | undefined,
): { matcher: Matcher; isIndexRestored: boolean } {
  const { embedderId } = snapshot;
  // Each vector kept once, as a unit vector: the matcher's units take a unit vector as it is
  // (`toUnit`), where each kept a copy of the one it was given (issue 69).
  let vectors = new Map(
    embedderId === null
      ? []
      : snapshot.vectors.map(([text, vector]) => [text, keptVector(embedderId, text, vector)]),
  );
  const embedder: Embedder | undefined =
    snapshot.embedderId === null
      ? undefined
      : {
          id: snapshot.embedderId,
          embed: (text) => questionVectors.get(text.trim()) ?? vectors.get(text.trim()),
        };
  const matcher = createMatcher({
    threshold: snapshot.threshold,
    playRisk: snapshot.playRisk,
    categories: snapshot.categories,
    embedder,
  });
  const isIndexRestored = matcher.addScript(snapshot.answers, trained?.index);
  // A passage's vector is looked up once, by the transcripts' index as the script is added: the
  // thread keeps neither its map entry nor its text after (0.13 MB at 300 answers, issue 69).
  vectors = withoutPassages(vectors, snapshot);
  matcher.setVisitorQuestions(snapshot.visitorQuestions);
  if (trained) {
    matcher.importTrained(trained);
  }
  return { matcher, isIndexRestored };
}

/** The vectors of the texts a matcher may look up again: phrasings, visitors' and built-ins. */
function withoutPassages(
  vectors: Map<string, Float32Array>,
  snapshot: MatcherSnapshot,
): Map<string, Float32Array> {
  const asked = new Set(snapshot.visitorQuestions.map((text) => text.trim()));
  for (const answer of snapshot.answers) {
    for (const text of [answer.question, ...(answer.alternates ?? []), ...(answer.learned ?? [])]) {
      asked.add(text.trim());
    }
  }
  return new Map([...vectors].filter(([text]) => asked.has(text) || OFF_TOPIC_TEXTS.has(text)));
}

/** Whether `after` holds something `before` (what the matcher was sent) lacked. */
function learnedMore(before: TrainedState | undefined, after: TrainedState): boolean {
  return (
    !before ||
    after.calibrations.length > before.calibrations.length ||
    (after.classifier !== undefined && before.classifier === undefined)
  );
}

/** Piscina's entry: scores one task's questions, or asks for the snapshot it lacks. */
export default function scoreQuestions(task: ScoreTask): ScoreReply {
  let entry = held.get(task.storyfileId);
  const isBuilt = entry?.version !== task.version;
  if (isBuilt) {
    if (!task.snapshot) {
      return { kind: 'missing' };
    }
    entry = {
      version: task.snapshot.version,
      ...buildIndexedMatcher(task.snapshot, task.trained),
      bytes: estimateMatcherBytes(task.snapshot),
    };
  }
  if (!entry) {
    return { kind: 'missing' };
  }
  held.delete(task.storyfileId);
  held.set(task.storyfileId, entry);
  const sizes = fitToBudget(task.storyfileId);
  evictions += sizes.evictions;
  questionVectors = new Map(
    task.questions.flatMap(({ text, vector }) => (vector ? [[text.trim(), vector] as const] : [])),
  );
  try {
    const { matcher } = entry;
    const results = task.questions.map(({ text }) => matcher.match(text, { limit: task.limit }));
    // A matcher built here trained and calibrated what it was not sent, or analysed its script
    // without a stored index: the server stores what it made, for the next build.
    const trained = isBuilt ? matcher.exportTrained() : undefined;
    const isTrainedHere = trained !== undefined && learnedMore(task.trained, trained);
    const isIndexedHere = trained !== undefined && !entry.isIndexRestored;
    if (isIndexedHere) {
      trained.index = matcher.exportIndex();
    }
    if (isTrainedHere) {
      // Imported back, the matcher keeps the classifier's weights and drops what training alone
      // needed (its inverse kernel: 2.8 MB at 600 rows); a later calibration trains again.
      matcher.importTrained(trained);
    }
    return {
      kind: 'scored',
      held: { threadId, bytes: sizes.bytes, storyfiles: sizes.storyfiles, evictions },
      evicted: sizes.evicted,
      results,
      threshold: matcher.getThreshold(),
      ...(isTrainedHere || isIndexedHere ? { trained } : {}),
    };
  } finally {
    questionVectors = new Map();
  }
}
