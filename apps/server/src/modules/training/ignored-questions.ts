import { sql } from 'drizzle-orm';
import type { IgnoredQuestions } from '../conversations/index.ts';
import { trainingIgnores } from './training.tables.ts';

/**
 * What the conversation engine asks of Response quality's ignores (handed to it by the assembly):
 * a question a reviewer ignored stays ignored when it is asked again.
 */
export const ignoredQuestions: IgnoredQuestions = {
  isIgnored: (storyfileId, normalizedText) =>
    sql`exists (select 1 from ${trainingIgnores}
      where ${trainingIgnores.storyfileId} = ${storyfileId}
        and ${trainingIgnores.normalizedText} = ${normalizedText})`,
};
