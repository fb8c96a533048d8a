import type { MatchResult } from '@conversa/matching';
import type { ConversationEngine } from '../engine.ts';
import type { StoryfileMatcher } from '../matcher-cache.ts';
import { takeMatcherSnapshot } from './matcher-snapshot.ts';
import { fingerprintSnapshot } from './snapshot-fingerprint.ts';
import { loadTrainedState, saveTrainedState } from './trained-state-store.ts';

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
  engine: Pick<ConversationEngine, 'scorer' | 'embedder' | 'db' | 'logger'>,
  storyfileId: string,
  entry: StoryfileMatcher,
): QuestionScorer {
  const { scorer, embedder, db } = engine;
  if (!scorer) {
    return scoreWithMatcher(entry.matcher);
  }
  let fingerprint: string | undefined;
  return (texts, limit) =>
    scorer.score({
      storyfileId,
      version: entry.version,
      async snapshot() {
        const snapshot = takeMatcherSnapshot(entry, embedder);
        fingerprint = fingerprintSnapshot(snapshot);
        const trained = await loadTrainedState(db, fingerprint);
        return trained ? { snapshot, trained } : { snapshot };
      },
      async onTrained(trained) {
        if (fingerprint) {
          await saveTrainedState(db, fingerprint, trained).catch((error: unknown) => {
            engine.logger?.warn(`the matcher's trained state was not stored: ${String(error)}`);
          });
        }
      },
      questions: texts.map((text) => {
        const vector = embedder?.embed(text.trim());
        return vector ? { text, vector } : { text };
      }),
      limit,
    });
}

/** A scorer over one matcher, on the event loop (tests of the stages that take a scorer). */
export function scoreWithMatcher(matcher: StoryfileMatcher['matcher']): QuestionScorer {
  return (texts, limit) => Promise.resolve(texts.map((text) => matcher.match(text, { limit })));
}
