import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_STORYFILE_RECOGNIZER,
  storyfileRecognizerSchema,
  type SpeechSettings,
  type StoryfileRecognizer,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { storyfileSpeechSettings } from './speech.tables.ts';

/** The storyfile's recognizer choice; the studio's when never set. */
export async function getSpeechSettings(
  db: Database,
  storyfileId: string,
): Promise<SpeechSettings> {
  const [row] = await db
    .select({ recognizer: storyfileSpeechSettings.recognizer })
    .from(storyfileSpeechSettings)
    .where(eq(storyfileSpeechSettings.storyfileId, storyfileId));
  return {
    recognizer: storyfileRecognizerSchema
      .catch(DEFAULT_STORYFILE_RECOGNIZER)
      .parse(row?.recognizer),
  };
}

export async function updateSpeechSettings(
  db: Database,
  storyfileId: string,
  recognizer: StoryfileRecognizer,
): Promise<SpeechSettings> {
  await db
    .insert(storyfileSpeechSettings)
    .values({ storyfileId, recognizer })
    .onConflictDoUpdate({
      target: storyfileSpeechSettings.storyfileId,
      set: { recognizer, updatedAt: sql`now()` },
    });
  return { recognizer };
}
