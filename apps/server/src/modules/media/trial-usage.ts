import { sql } from 'drizzle-orm';
import type { TrialUsage } from '../promo-codes/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { uploads } from '../uploads/uploads.tables.ts';
import { mediaAssets } from './media.tables.ts';

/**
 * What a trial's limits count, read from the tables that hold it: live storyfiles, and the
 * questions with a recorded answer (a media asset) or one on its way (an answer upload that is
 * still uploading or processing). Media sits above storyfiles and uploads, so it is the module
 * that can read all three; the assembly hands this to the callers of promo-codes' trial guard.
 */
export const trialUsage: TrialUsage = {
  countStoryfiles: (namespaceId) =>
    sql`(select count(*)::int from ${storyfiles} s
      where s.namespace_id = ${namespaceId} and s.deleted_at is null)`,

  answeredQuestions: (namespaceId) => sql`(
    select m.storyfile_question_id as question_id from ${mediaAssets} m
      join ${storyfiles} s on s.id = m.storyfile_id
      where s.namespace_id = ${namespaceId} and s.deleted_at is null
        and m.storyfile_question_id is not null
    union
    select u.storyfile_question_id from ${uploads} u
      join ${storyfiles} s on s.id = u.storyfile_id
      where s.namespace_id = ${namespaceId} and s.deleted_at is null and u.kind = 'answer'
        and u.phase in ('uploading', 'processing'))`,

  namespaceOfStoryfile: (storyfileId) =>
    sql`(select namespace_id from ${storyfiles} where id = ${storyfileId})`,
};
