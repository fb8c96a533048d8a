import { eq } from 'drizzle-orm';
import type { Executor } from '../lists/index.ts';
import { storyfilePublications } from './publishing.tables.ts';

/** Whether the storyfile's share link answers visitors (published and not taken down). */
export async function isPublicationLive(tx: Executor, storyfileId: string): Promise<boolean> {
  const [row] = await tx
    .select({ isPublished: storyfilePublications.isPublished })
    .from(storyfilePublications)
    .where(eq(storyfilePublications.storyfileId, storyfileId));
  return row?.isPublished ?? false;
}
