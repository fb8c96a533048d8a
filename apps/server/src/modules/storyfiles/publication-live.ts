import { eq } from 'drizzle-orm';
import type { Executor } from '../lists/index.ts';
import { storyfiles } from './storyfiles.tables.ts';

/**
 * Records whether a storyfile's share link answers visitors. Publishing calls it in the
 * transaction that publishes or unpublishes, so the status people see ("published" exactly while
 * the link is live) never disagrees with the publication; the update also takes the storyfile's
 * row lock, so a status edit in Details (which locks it first) sees the change or waits for it.
 */
export async function setPublicationLive(
  tx: Executor,
  storyfileId: string,
  isLive: boolean,
): Promise<void> {
  await tx
    .update(storyfiles)
    .set({ isPublicationLive: isLive })
    .where(eq(storyfiles.id, storyfileId));
}
