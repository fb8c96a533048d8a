import type { MatchResult } from '@conversa/matching';
import type { StoryfileMatcher } from '../storyfile-matcher.ts';
import type { ScorerPool } from './scorer-pool.ts';
import { storedTrainingOf, type StoredTrainingDeps } from './stored-training.ts';

/** What the ask's scoring needs of the engine: the threads, when it has them, and the stores. */
export type ScoringDeps = StoredTrainingDeps & { scorer?: ScorerPool };

/** Scores an ask's questions (a typed one, or a spoken one's readings) against one storyfile. */
export type QuestionScorer = (texts: readonly string[], limit: number) => Promise<MatchResult[]>;

/**
 * The ask's scoring: in the server's scorer pool when it has one (MATCHER_WORKERS > 0), else the
 * cached matcher on the event loop. The questions' vectors are looked up here (made by
 * `prepareQuestion(s)` before), so a worker never embeds. A worker that lacks the storyfile's
 * matcher is sent its snapshot with what a matcher of that snapshot trained and calibrated, read
 * from `matcher_trained_states` by the snapshot's fingerprint; what a worker had to train is
 * stored there for the next (a failure to store only costs the next build its training).
 */
export function getQuestionScorer(
  engine: ScoringDeps,
  storyfileId: string,
  entry: StoryfileMatcher,
): QuestionScorer {
  const { scorer, embedder } = engine;
  if (!scorer) {
    return scoreWithMatcher(entry.matcher);
  }
  const sent = describeSnapshot(engine, storyfileId, entry);
  return (texts, limit) =>
    scorer.score({
      ...sent,
      questions: texts.map((text) => {
        const vector = embedder?.embed(text.trim());
        return vector ? { text, vector } : { text };
      }),
      limit,
    });
}

/**
 * The storyfile's own threshold in force, for an ask that nothing scored (a story's turn, a pressed
 * suggestion, an unintelligible question): the built matcher's, else the scorer thread's (which
 * builds it there, importing what was stored), and on the event loop only without scorer threads.
 * Building the matcher here would train and calibrate it on the event loop: seconds at 300 answers
 * with transcripts, every other request waiting.
 */
export async function getOwnThreshold(
  engine: ScoringDeps,
  storyfileId: string,
  entry: StoryfileMatcher,
): Promise<number> {
  const built = entry.builtMatcher();
  if (built || !engine.scorer) {
    return (built ?? entry.matcher).getThreshold();
  }
  return engine.scorer.threshold(describeSnapshot(engine, storyfileId, entry));
}

/**
 * What a worker that lacks the storyfile's matcher is sent (its snapshot with what a matcher of
 * that snapshot trained, read by the snapshot's fingerprint), and where what it had to train goes.
 */
function describeSnapshot(
  engine: StoredTrainingDeps,
  storyfileId: string,
  entry: StoryfileMatcher,
) {
  const stored = storedTrainingOf(engine, entry);
  return { storyfileId, version: entry.version, snapshot: stored.load, onTrained: stored.store };
}

/** A scorer over one matcher, on the event loop (tests of the stages that take a scorer). */
export function scoreWithMatcher(matcher: StoryfileMatcher['matcher']): QuestionScorer {
  return (texts, limit) => Promise.resolve(texts.map((text) => matcher.match(text, { limit })));
}
