import type { InkCompileMessage, InkStoryStats } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { inkStories, inkStoryVersions } from './ink.tables.ts';

export interface InkVersionCopy {
  number: number;
  source: string;
  compiledJson: string | null;
  messages: InkCompileMessage[];
  errorCount: number;
  warningCount: number;
  stats: InkStoryStats;
  restoredFromNumber: number | null;
  createdAt: Date;
}

/**
 * Writes a storyfile's saved ink versions and which one is published, in the caller's
 * transaction (a package import or duplicate, issue 31).
 */
export async function insertInkCopy(
  tx: Executor,
  input: {
    storyfileId: string;
    userId: string;
    versions: InkVersionCopy[];
    publishedVersionNumber: number | null;
  },
): Promise<void> {
  if (input.versions.length === 0) {
    return;
  }
  const inserted = await tx
    .insert(inkStoryVersions)
    .values(
      input.versions.map((version) => ({
        storyfileId: input.storyfileId,
        number: version.number,
        source: version.source,
        compiledJson: version.errorCount > 0 ? null : version.compiledJson,
        messages: version.messages,
        errorCount: version.errorCount,
        warningCount: version.warningCount,
        stats: version.stats,
        restoredFromNumber: version.restoredFromNumber,
        createdBy: input.userId,
        createdAt: version.createdAt,
      })),
    )
    .returning({ id: inkStoryVersions.id, number: inkStoryVersions.number });
  const published = inserted.find((row) => row.number === input.publishedVersionNumber);
  if (published) {
    await tx.insert(inkStories).values({
      storyfileId: input.storyfileId,
      publishedVersionId: published.id,
      publishedAt: new Date(),
      publishedBy: input.userId,
    });
  }
}
