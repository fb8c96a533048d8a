// How close the estimate of a matcher's heap (scoring/matcher-bytes.ts; MATCHER_CACHE_MB counts it
// with V8's headroom) is to the heap it takes: matchers of `count` answers of bench:load's scale
// script are built from snapshots the way a scorer thread builds them (stand-in unit vectors of
// 384 dimensions, as all-MiniLM-L6-v2's, or 512, as USE lite's), calibrated and asked once, and
// kept; the heap and array buffers are read after a full GC before and after. Run through `npm run bench:storyfiles -- --heap` (node --expose-gc).
import { createHash } from 'node:crypto';
import {
  DEFAULT_TUNING,
  OFF_TOPIC_TEXTS,
  splitPassages,
  toUnit,
  type AnswerInput,
} from '@conversa/matching';
import {
  estimateMatcherHeapBytes,
  type MatcherHolding,
} from '../../src/modules/conversations/scoring/matcher-bytes.ts';
import { packVectors } from '../../src/modules/conversations/scoring/matcher-snapshot.ts';
import { buildMatcher } from '../../src/modules/conversations/scoring/scorer-worker.ts';
import type { MatcherSnapshot } from '../../src/modules/conversations/scoring/scorer-protocol.ts';
import { loadScript } from '../load-scripts.ts';

/** all-MiniLM-L6-v2's dimensions (the studio's default model); USE lite's are 512. */
const DIMENSIONS = 384;

/**
 * A stand-in sentence vector of the text: hashed, and unit length, as a scorer thread holds every
 * vector it is sent (`buildMatcher`), so the matcher keeps it as it is.
 */
export function standInVector(text: string, dimensions = DIMENSIONS): Float32Array {
  const vector = new Float32Array(dimensions);
  let digest = createHash('sha256').update(text).digest();
  for (let i = 0; i < dimensions; i++) {
    if (i > 0 && i % digest.length === 0) {
      digest = createHash('sha256').update(digest).digest();
    }
    vector[i] = (digest[i % digest.length]! - 127.5) / 127.5;
  }
  return toUnit(vector);
}

/** A snapshot of the scale script's first `count` answers, with or without vectors. */
export function scaleSnapshot(
  count: number,
  withVectors: boolean,
  dimensions = DIMENSIONS,
): MatcherSnapshot {
  const questions = loadScript('scale').script.topics.flatMap((topic) => topic.questions);
  const answers: AnswerInput[] = questions.slice(0, count).map((question, index) => ({
    id: `a${index}`,
    question: question.text,
    alternates: [...(question.alternates ?? [])],
    isRecorded: true,
    transcript: question.transcript ?? '',
    learned: [],
  }));
  const texts = new Set<string>(OFF_TOPIC_TEXTS);
  for (const answer of answers) {
    texts.add(answer.question.trim());
    for (const passage of splitPassages(
      answer.transcript ?? '',
      DEFAULT_TUNING.transcriptPassageSentences,
    )) {
      texts.add(passage.trim());
    }
  }
  return {
    version: 1,
    embedderId: withVectors ? 'stand-in' : null,
    threshold: 'auto',
    playRisk: 'auto',
    visitorQuestions: [],
    categories: [],
    answers,
    vectors: withVectors ? [...texts].map((text) => [text, standInVector(text, dimensions)]) : [],
  };
}

function usedBytes(): number {
  globalThis.gc!();
  globalThis.gc!();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

/**
 * Builds `copies` matchers of the snapshot (kept) as a scorer thread holds them: each imports its
 * own copy of the state a first matcher trained and its script's index (as a thread's does from
 * PostgreSQL), so it holds the classifier's weights and not the inverse kernel only training needs. With `keepsTraining`,
 * as the event loop's matcher: each trains itself and keeps training's scratch. Answers the heap's
 * growth per matcher.
 */
function measure(
  make: () => MatcherSnapshot,
  copies: number,
  holding: MatcherHolding,
): { heap: number; estimate: number } {
  const snapshots = Array.from({ length: copies }, make);
  const first = buildMatcher(make());
  first.getThreshold();
  first.match('Where did you grow up?');
  // With the script's index, as a thread is sent it from PostgreSQL after the first build.
  const trained = { ...first.exportTrained(), index: first.exportIndex() };
  const before = usedBytes();
  const kept = snapshots.map((snapshot) => {
    const matcher = holding.keepsTraining
      ? buildMatcher(snapshot)
      : buildMatcher(snapshot, structuredClone(trained));
    matcher.getThreshold();
    matcher.match('Where did you grow up?');
    return matcher;
  });
  const after = usedBytes();
  if (kept.length !== copies) {
    throw new Error('lost a matcher');
  }
  // The snapshots' own vectors stay with their matchers (a scorer thread's embedder holds them),
  // so they are counted on both sides alike: the estimate includes them, the heap grew by them
  // before `before`; add them back to the heap's side. The built-in off-topic questions' vectors
  // are one copy for a thread (scorer-worker.ts), counted in neither there.
  const vectorBytes = snapshots[0]!.vectors.reduce(
    (sum, [text, vector]) =>
      sum + (OFF_TOPIC_TEXTS.has(text) && !holding.keepsTraining ? 0 : vector.byteLength),
    0,
  );
  return {
    heap: (after - before) / copies + vectorBytes,
    estimate: estimateMatcherHeapBytes(snapshots[0]!, holding),
  };
}

/**
 * As a scorer thread is sent a storyfile: its script vectors packed in a SharedArrayBuffer
 * (`packVectors`), the snapshot and the stored state cloned as a message clones them (the texts
 * and the state's arrays become the thread's own; the shared vectors do not). The heap a thread's
 * matcher adds, against the estimate it counts (which counts no shared vector).
 */
function measureAsSent(copies: number): { heap: number; estimate: number } {
  const first = buildMatcher(scaleSnapshot(300, true));
  first.getThreshold();
  first.match('Where did you grow up?');
  const trained = { ...first.exportTrained(), index: first.exportIndex() };
  const snapshots = Array.from({ length: copies }, () => {
    const snapshot = scaleSnapshot(300, true);
    return { ...snapshot, vectors: packVectors(snapshot.vectors) };
  });
  const before = usedBytes();
  const kept = snapshots.map((snapshot) => {
    const matcher = buildMatcher(structuredClone(snapshot), structuredClone(trained));
    matcher.match('Where did you grow up?');
    return matcher;
  });
  const after = usedBytes();
  if (kept.length !== copies) {
    throw new Error('lost a matcher');
  }
  return {
    heap: (after - before) / copies,
    estimate: estimateMatcherHeapBytes(snapshots[0]!, { keepsTraining: false }),
  };
}

export function reportMatcherHeap(): void {
  if (!globalThis.gc) {
    throw new Error('--heap needs node --expose-gc (npm run bench:storyfiles does it)');
  }
  console.log(
    'Matcher memory: the heap estimate (matcher-bytes.ts; the budget counts it × HEAP_HEADROOM) against the heap after a full GC',
  );
  console.log('| matcher | heap per matcher | estimate | estimate / heap |');
  console.log('| --- | --: | --: | --: |');
  for (const [count, dimensions, keepsTraining] of [
    [300, 384, false],
    [300, 512, false],
    [300, 0, false],
    [100, 384, false],
    [20, 0, false],
    [300, 384, true],
  ] as const) {
    const { heap, estimate } = measure(
      () => scaleSnapshot(count, dimensions > 0, dimensions || undefined),
      4,
      { keepsTraining },
    );
    const vectors = dimensions > 0 ? `vectors of ${dimensions} dimensions` : 'words alone';
    printRow(
      `${count} answers with transcripts, ${vectors}${keepsTraining ? ", trained here (the event loop's)" : ''}`,
      heap,
      estimate,
    );
  }
  const sent = measureAsSent(4);
  printRow(
    '300 answers with transcripts, 384 dimensions, as a thread is sent it (cloned; vectors shared, not counted)',
    sent.heap,
    sent.estimate,
  );
}

function printRow(matcher: string, heap: number, estimate: number): void {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
  console.log(`| ${matcher} | ${mb(heap)} | ${mb(estimate)} | ${(estimate / heap).toFixed(2)} |`);
}
