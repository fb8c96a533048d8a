import type { ConversationEngine } from '../../engine.ts';
import { chooseReading } from '../../reading-choice.ts';
import { getQuestionScorer } from '../../scoring/question-scorer.ts';
import { CANDIDATE_LIMIT, type ReadingChosen, type StoryChosen } from '../ask-values.ts';

/**
 * The ask's reading choice: a spoken question with the recognizer's readings is matched on the
 * reading the storyfile chooses (`reading-choice.ts`: every reading's vector made in one batch,
 * each one scored), or found not heard well enough to answer or refuse. A typed question, an
 * unintelligible one and a pressed suggestion have none.
 */
export async function chooseSpokenReading(
  engine: ConversationEngine,
  value: StoryChosen,
): Promise<ReadingChosen> {
  if (value.path !== 'matcher') {
    return value;
  }
  const { input, entry } = value;
  const { vectors } = engine;
  if (!value.isSpoken || value.isUnintelligible || input.suggestion) {
    return { ...value, reading: null };
  }
  const reading = await chooseReading(
    // Scored in the server's pool of scorer threads (or on the event loop with MATCHER_WORKERS=0).
    getQuestionScorer(engine, input.storyfileId, entry),
    entry.heardAsRules,
    {
      text: input.text,
      alternatives: input.alternatives ?? [],
      speechConfidence: input.speechConfidence ?? null,
    },
    {
      limit: CANDIDATE_LIMIT,
      // Every reading's vector, in one batch (the speech gateway began it when it heard them:
      // then this finds them made or on their way).
      ...(vectors ? { prepare: (texts) => vectors.prepareQuestions(texts) } : {}),
    },
  );
  return { ...value, reading };
}
