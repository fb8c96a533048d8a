import { eq } from 'drizzle-orm';
import { formatStoryfileDeletedMessage, STORYFILE_NOT_FOUND_MESSAGE } from '@conversa/contracts';
import { conflict, notFound } from '../../http/errors.ts';
import { markUpdated, type Executor } from '../lists/index.ts';
import { storyfiles } from './storyfiles.tables.ts';

// Every write to a storyfile or its checklist runs in one transaction that starts by locking the
// storyfile row, so positions are computed and rewritten without racing other edits of it.

export type StoryfileRow = typeof storyfiles.$inferSelect;

/** Locks the storyfile row for the rest of the transaction; every checklist write starts here. */
export async function lockStoryfile(tx: Executor, storyfileId: string): Promise<StoryfileRow> {
  const [row] = await tx
    .select()
    .from(storyfiles)
    .where(eq(storyfiles.id, storyfileId))
    .for('update');
  if (!row) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  return row;
}

/** Like lockStoryfile, and refuses changes to a soft-deleted storyfile. */
export async function lockLiveStoryfile(tx: Executor, storyfileId: string): Promise<StoryfileRow> {
  const row = await lockStoryfile(tx, storyfileId);
  if (row.deletedAt !== null) {
    throw conflict(formatStoryfileDeletedMessage(row.name));
  }
  return row;
}

/** Marks the storyfile changed (lists sort by it; recent activity shows it). */
export async function touchStoryfile(
  tx: Executor,
  storyfileId: string,
  userId: string,
): Promise<void> {
  await tx.update(storyfiles).set(markUpdated(userId)).where(eq(storyfiles.id, storyfileId));
}
