import { compileInkSource, type InkReferenceQuestion } from '@conversa/contracts/ink/compile-ink';
import { badRequest } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { inkStories, inkStoryVersions } from './ink.tables.ts';

export interface InkVersionCopy {
  number: number;
  source: string;
  restoredFromNumber: number | null;
  createdAt: Date;
}

/**
 * Writes a storyfile's saved ink versions and which one is published, in the caller's
 * transaction (a package import or duplicate, issue 31). Each source is compiled here against the
 * new storyfile's questions, as a save compiles it: compiled JSON is never taken from outside.
 * A published version that does not compile is refused with a message naming it.
 */
export async function insertInkCopy(
  tx: Executor,
  input: {
    storyfileId: string;
    userId: string;
    versions: InkVersionCopy[];
    publishedVersionNumber: number | null;
    questions: readonly InkReferenceQuestion[];
  },
): Promise<void> {
  if (input.versions.length === 0) {
    return;
  }
  const compiled = input.versions.map((version) => {
    const result = compileInkSource(version.source, input.questions);
    const errors = result.messages.filter((message) => message.severity === 'error');
    if (version.number === input.publishedVersionNumber && errors.length > 0) {
      throw badRequest(
        `The published ink story (version ${version.number}) does not compile: ${errors[0]!.message}`,
      );
    }
    return {
      storyfileId: input.storyfileId,
      number: version.number,
      source: version.source,
      compiledJson: errors.length > 0 ? null : result.compiledJson,
      messages: result.messages,
      errorCount: errors.length,
      warningCount: result.messages.length - errors.length,
      stats: result.stats,
      restoredFromNumber: version.restoredFromNumber,
      createdBy: input.userId,
      createdAt: version.createdAt,
    };
  });
  const inserted = await tx
    .insert(inkStoryVersions)
    .values(compiled)
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
