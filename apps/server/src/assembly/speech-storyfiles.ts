import {
  getStoryfileMatcher,
  prepareHeardQuestion,
  type ConversationEngine,
} from '../modules/conversations/index.ts';
import { buildStoryfileVocabulary, type SpeechStoryfiles } from '../modules/speech/index.ts';
import { getSpeechHints } from '../modules/training/index.ts';

/**
 * What the speech gateway reads of a storyfile: its vocabulary from the matcher's script and the
 * training module's custom words, and a heard question's readings prepared by the conversations.
 */
export function createSpeechStoryfiles(conversations: ConversationEngine): SpeechStoryfiles {
  return {
    async readVocabulary(storyfileId) {
      const [{ answers, categories, heardAsRules }, hints] = await Promise.all([
        getStoryfileMatcher(conversations, storyfileId),
        getSpeechHints(conversations.db, storyfileId),
      ]);
      return buildStoryfileVocabulary({
        storyfileId,
        answers: answers.values(),
        categories,
        heardAsRules,
        terms: hints.terms,
      });
    },
    prepareHeard: (storyfileId, heard) => prepareHeardQuestion(conversations, storyfileId, heard),
  };
}
