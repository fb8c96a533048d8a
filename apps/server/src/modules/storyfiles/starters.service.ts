import { and, eq, sql } from 'drizzle-orm';
import type { CurrentUser, StoryfileDetail } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { getStoryfileDetail } from './storyfile-detail.ts';
import { lockLiveStoryfile, touchStoryfile } from './storyfile-lock.ts';
import { storyfileQuestions, storyfileStarters } from './storyfiles.tables.ts';

/** Replaces the starters with the given questions of this storyfile, in that order. */
export async function setStoryfileStarters(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  questionIds: readonly string[],
): Promise<StoryfileDetail> {
  if (new Set(questionIds).size !== questionIds.length) {
    throw badRequest('A question can be a conversation starter only once.');
  }
  await db.transaction(async (tx) => {
    await lockLiveStoryfile(tx, storyfileId);
    if (questionIds.length > 0) {
      const [row] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(storyfileQuestions)
        .where(
          and(
            eq(storyfileQuestions.storyfileId, storyfileId),
            sql`${storyfileQuestions.id} = any(${sql.param([...questionIds])}::uuid[])`,
          ),
        );
      if ((row?.count ?? 0) !== questionIds.length) {
        throw badRequest('Conversation starters must be questions of this storyfile.');
      }
    }
    await tx.delete(storyfileStarters).where(eq(storyfileStarters.storyfileId, storyfileId));
    if (questionIds.length > 0) {
      await tx.insert(storyfileStarters).values(
        questionIds.map((storyfileQuestionId, position) => ({
          storyfileId,
          storyfileQuestionId,
          position,
        })),
      );
    }
    await touchStoryfile(tx, storyfileId, user.iam);
  });
  return getStoryfileDetail(db, storyfileId);
}

// Deleting questions cascades to their starter rows; the rest close ranks.
export async function compactStarters(tx: Executor, storyfileId: string): Promise<void> {
  await tx.execute(sql`update storyfile_starters as starter set position = ranked.rank - 1
    from (select storyfile_question_id, row_number() over (order by position) as rank
          from storyfile_starters where storyfile_id = ${storyfileId}) as ranked
    where starter.storyfile_id = ${storyfileId}
      and starter.storyfile_question_id = ranked.storyfile_question_id
      and starter.position <> ranked.rank - 1`);
}
