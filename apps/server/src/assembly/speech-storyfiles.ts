import {
  getStoryfileMatcher,
  prepareHeardQuestion,
  type ConversationEngine,
} from '../modules/conversations/index.ts';
import {
  buildStoryfileVocabulary,
  type SpeechStoryfiles,
  type StoryfileVocabulary,
} from '../modules/speech/index.ts';
import { getSpeechHints } from '../modules/training/index.ts';

/**
 * What the speech gateway reads of a storyfile: its vocabulary from the matcher's script and the
 * training module's custom words, and a heard question's readings prepared by the conversations.
 */
export function createSpeechStoryfiles(conversations: ConversationEngine): SpeechStoryfiles {
  /**
   * The vocabulary last built from each script (the matcher's answers map, which every edit
   * replaces), with the rest it was built from: read for every recording, and finding the names
   * in 400 transcripts took 9-10 ms of the event loop each time.
   */
  const built = new WeakMap<object, { key: string; vocabulary: StoryfileVocabulary }>();
  return {
    async readVocabulary(storyfileId) {
      const [{ answers, categories, heardAsRules }, hints] = await Promise.all([
        getStoryfileMatcher(conversations, storyfileId),
        getSpeechHints(conversations.db, storyfileId),
      ]);
      const key = JSON.stringify([storyfileId, categories, heardAsRules, hints.terms]);
      const known = built.get(answers);
      if (known?.key === key) {
        return known.vocabulary;
      }
      const vocabulary = buildStoryfileVocabulary({
        storyfileId,
        answers: answers.values(),
        categories,
        heardAsRules,
        terms: hints.terms,
      });
      built.set(answers, { key, vocabulary });
      return vocabulary;
    },
    prepareHeard: (storyfileId, heard) => prepareHeardQuestion(conversations, storyfileId, heard),
  };
}
