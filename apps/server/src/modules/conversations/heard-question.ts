import { getStoryfileMatcher, type ConversationEngine } from './engine.ts';
import { getReadingTexts, type HeardQuestion } from './reading-choice.ts';

/**
 * Embeds, in one batch, the readings a spoken question will be matched on (`getReadingTexts`),
 * as soon as the recognizer has given them: its ask, sent a moment later, then finds their
 * vectors made or on their way. Never throws (a failure is the ask's to meet and log).
 */
export async function prepareHeardQuestion(
  engine: ConversationEngine,
  storyfileId: string,
  heard: HeardQuestion,
): Promise<void> {
  if (!engine.vectors || heard.text.trim() === '') {
    return;
  }
  try {
    const { heardAsRules } = await getStoryfileMatcher(engine, storyfileId);
    await engine.vectors.prepareQuestions(getReadingTexts(heard, heardAsRules));
  } catch {
    // The ask reads the matcher again and says what failed.
  }
}
