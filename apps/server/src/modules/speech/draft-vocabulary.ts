import { splitPassages } from '@conversa/matching';
import type { StoryfileVocabulary } from './speech-engine.ts';

/** How many of a storyfile's corrected answers a draft's prompt is chosen from. */
export const DRAFT_PROMPT_ANSWERS = 20;

/**
 * What Whisper expects in a storyfile's next answer: the words its authors corrected in earlier
 * ones (names, places, the speaker's own words), their sentences as the prompt's phrasings (the
 * prompt keeps those that bring the words it lacks, `whisper-prompt.ts`), and the custom words
 * its authors gave the studio, whole, last. `correctedTexts`: the most recently corrected first.
 * Measured by `npm run bench:adaptation` (issue 65).
 */
export function buildDraftVocabulary(
  storyfileId: string,
  correctedTexts: readonly string[],
  customWords: readonly string[] = [],
): StoryfileVocabulary {
  return {
    storyfileId,
    phrasings: correctedTexts
      .slice(0, DRAFT_PROMPT_ANSWERS)
      .flatMap((text) => splitPassages(text, 1)),
    terms: [...customWords],
  };
}
