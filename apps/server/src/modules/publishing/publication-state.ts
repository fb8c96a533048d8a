import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../lists/index.ts';
import { storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { storyfilePublications } from './publishing.tables.ts';

/**
 * Whether the storyfile's share link answers visitors: published, not taken down, and the
 * storyfile not deleted (issue 43: deleting a published storyfile left its visitors' media URLs
 * playing until they expired, which unpublishing does not).
 */
export async function isPublicationLive(tx: Executor, storyfileId: string): Promise<boolean> {
  const [row] = await tx
    .select({ isPublished: storyfilePublications.isPublished })
    .from(storyfilePublications)
    .innerJoin(storyfiles, eq(storyfiles.id, storyfilePublications.storyfileId))
    .where(and(eq(storyfilePublications.storyfileId, storyfileId), isNull(storyfiles.deletedAt)));
  return row?.isPublished ?? false;
}
