// A scorer worker (a thread of the server's pool, `scorer-pool.ts`): holds the matchers of the
// storyfiles it was asked about, built from the snapshots the server sends, and scores questions.
// Nothing here reads the database or embeds text: the server sends the stored vectors.
import { createMatcher, type Embedder, type Matcher } from '@conversa/matching';
import type { MatcherSnapshot, ScoreReply, ScoreTask } from './scorer-protocol.ts';

/** Storyfiles whose matcher a worker keeps; the least recently asked one goes first. */
const MAX_HELD_MATCHERS = 200;

interface HeldMatcher {
  version: number;
  matcher: Matcher;
}

const held = new Map<string, HeldMatcher>();
/** The vectors of the questions being scored (set for one task, synchronously). */
let questionVectors = new Map<string, Float32Array>();

/** The matcher of a snapshot (exported for the bench that weighs it against the heap). */
export function buildMatcher(snapshot: MatcherSnapshot): Matcher {
  const vectors = new Map(snapshot.vectors);
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
  for (const answer of snapshot.answers) {
    matcher.upsertAnswer(answer);
  }
  return matcher;
}

/** Piscina's entry: scores one task's questions, or asks for the snapshot it lacks. */
export default function scoreQuestions(task: ScoreTask): ScoreReply {
  let entry = held.get(task.storyfileId);
  if (entry?.version !== task.version) {
    if (!task.snapshot) {
      return { kind: 'missing' };
    }
    entry = { version: task.snapshot.version, matcher: buildMatcher(task.snapshot) };
  }
  held.delete(task.storyfileId);
  held.set(task.storyfileId, entry);
  while (held.size > MAX_HELD_MATCHERS) {
    held.delete(held.keys().next().value!);
  }
  questionVectors = new Map(
    task.questions.flatMap(({ text, vector }) => (vector ? [[text.trim(), vector] as const] : [])),
  );
  try {
    const { matcher } = entry;
    return {
      kind: 'scored',
      results: task.questions.map(({ text }) => matcher.match(text, { limit: task.limit })),
    };
  } finally {
    questionVectors = new Map();
  }
}
