import type { Executor } from '../lists/index.ts';
import { storyfileSpeechSettings } from './speech.tables.ts';

/** A new storyfile's recognizer (issue 31: package import or duplicate), in the caller's transaction. */
export async function setRecognizerCopy(
  tx: Executor,
  storyfileId: string,
  recognizer: 'studio' | 'browser',
): Promise<void> {
  if (recognizer !== 'studio') {
    await tx.insert(storyfileSpeechSettings).values({ storyfileId, recognizer });
  }
}
