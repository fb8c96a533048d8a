import type { SaveStoryfileTopicsToLibraryResponse } from '@conversa/contracts';
import { formatCount } from '@/lib/format';

/** What saving a storyfile's topics to the library did, in a sentence. */
export function describeLibrarySave(result: SaveStoryfileTopicsToLibraryResponse): string {
  const { addedTopics, addedQuestions, skippedQuestions } = result;
  const already =
    skippedQuestions === 0
      ? ''
      : ` ${formatCount(skippedQuestions, 'question was', 'questions were')} already there.`;
  if (addedQuestions === 0 && addedTopics === 0) {
    return `The library already holds every question of this script.${already}`;
  }
  return `Saved to the library: ${formatCount(addedTopics, 'new topic')} and ${formatCount(addedQuestions, 'new question')}.${already}`;
}
