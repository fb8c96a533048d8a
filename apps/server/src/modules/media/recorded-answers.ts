import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { mediaAssets } from './media.tables.ts';

/**
 * Whether the script question `questionId` names has its answer recorded: an asset with a video
 * file (one without cannot be played). What visitors may learn of a script stops there (issue 67
 * item 3): unrecorded questions are the author's checklist.
 */
export function isAnswerRecorded(questionId: AnyPgColumn | SQL): SQL {
  return sql`exists (select 1 from ${mediaAssets} recorded
    where recorded.storyfile_question_id = ${questionId}
      and (recorded.files ->> 'video') is not null)`;
}
