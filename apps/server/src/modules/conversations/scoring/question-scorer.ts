import type { MatchResult } from '@conversa/matching';
import type { ConversationEngine } from '../engine.ts';
import type { StoryfileMatcher } from '../matcher-cache.ts';
import { takeMatcherSnapshot } from './matcher-snapshot.ts';

/** Scores an ask's questions (a typed one, or a spoken one's readings) against one storyfile. */
export type QuestionScorer = (texts: readonly string[], limit: number) => Promise<MatchResult[]>;

/**
 * The ask's scoring: in the server's scorer pool when it has one (MATCHER_WORKERS > 0), else the
 * cached matcher on the event loop. The questions' vectors are looked up here (made by
 * `prepareQuestion(s)` before), so a worker never embeds.
 */
export function getQuestionScorer(
  engine: Pick<ConversationEngine, 'scorer' | 'embedder'>,
  storyfileId: string,
  entry: StoryfileMatcher,
): QuestionScorer {
  const { scorer, embedder } = engine;
  if (!scorer) {
    return scoreWithMatcher(entry.matcher);
  }
  return (texts, limit) =>
    scorer.score({
      storyfileId,
      version: entry.version,
      snapshot: () => takeMatcherSnapshot(entry, embedder),
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
