import type { Database } from '../db/client.ts';
import { getSpeechHints } from '../modules/training/index.ts';
import { readDraftVocabulary } from '../modules/transcripts/index.ts';

/**
 * What a Whisper draft of a storyfile's answer is prompted with: the words its authors corrected
 * in its other answers (the transcripts module's) and its namespace's custom words (the training
 * module's), as spoken questions get them.
 */
export function createDraftVocabularyReader(db: Database) {
  return async (storyfileId: string, assetId: string) => {
    const { terms } = await getSpeechHints(db, storyfileId);
    return readDraftVocabulary(db, storyfileId, assetId, terms);
  };
}
