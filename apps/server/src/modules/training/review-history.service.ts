import { and, desc, eq } from 'drizzle-orm';
import type { ReviewAction, ReviewActionList } from '@conversa/contracts';
import { users } from '../users/users.tables.ts';
import { trainingActions } from './training.tables.ts';
import type { Executor } from '../lists/index.ts';

type ActionRow = typeof trainingActions.$inferSelect & {
  creator: { id: string; email: string; firstName: string | null; lastName: string | null } | null;
};

function presentAction(row: ActionRow): ReviewAction {
  return {
    id: row.id,
    storyfileId: row.storyfileId,
    kind: row.kind,
    questionId: row.questionId,
    questionText: row.questionText,
    entryIds: row.entryIds,
    autoClosedEntryIds: row.autoClosedEntryIds,
    addedAlternates: row.addedAlternates,
    removedAlternates: row.removedAlternates,
    normalizedTexts: row.normalizedTexts,
    createdBy: row.creator,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

export async function readActions(
  db: Executor,
  storyfileId: string,
  actionId?: string,
): Promise<ReviewAction[]> {
  const rows = await db
    .select({
      action: trainingActions,
      creator: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
    })
    .from(trainingActions)
    .leftJoin(users, eq(users.id, trainingActions.createdBy))
    .where(
      and(
        eq(trainingActions.storyfileId, storyfileId),
        actionId ? eq(trainingActions.id, actionId) : undefined,
      ),
    )
    .orderBy(desc(trainingActions.createdAt))
    .limit(50);
  return rows.map((row) => presentAction({ ...row.action, creator: row.creator }));
}

/** The storyfile's review changes, newest first (the last 50), with who made each and when. */
export async function listReviewActions(
  db: Executor,
  storyfileId: string,
): Promise<ReviewActionList> {
  return { items: await readActions(db, storyfileId) };
}
