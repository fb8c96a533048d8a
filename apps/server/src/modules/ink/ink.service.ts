import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  INK_VERSION_HAS_ERRORS_MESSAGE,
  INK_VERSION_NOT_FOUND_MESSAGE,
  STORYFILE_NOT_FOUND_MESSAGE,
  type InkQuestion,
  type InkStory,
  type InkVersion,
  type InkVersionSummary,
} from '@conversa/contracts';
import { compileInkSource } from '@conversa/contracts/ink/compile-ink';
import type { Database } from '../../db/client.ts';
import { inkStories, inkStoryVersions } from './ink.tables.ts';
import { mediaAssets } from '../media/media.tables.ts';
import {
  storyfileQuestions,
  storyfileTopics,
  storyfiles,
} from '../storyfiles/storyfiles.tables.ts';
import { users } from '../users/users.tables.ts';
import { conflict, notFound } from '../../http/errors.ts';

type VersionRow = typeof inkStoryVersions.$inferSelect;

/** The checklist questions a story's tags may name, with whether each has an answer video. */
export async function listInkQuestions(db: Database, storyfileId: string): Promise<InkQuestion[]> {
  const rows = await db
    .select({
      id: storyfileQuestions.id,
      text: storyfileQuestions.text,
      topicName: storyfileTopics.name,
      assetId: mediaAssets.id,
    })
    .from(storyfileQuestions)
    .innerJoin(storyfileTopics, eq(storyfileTopics.id, storyfileQuestions.storyfileTopicId))
    .leftJoin(mediaAssets, eq(mediaAssets.storyfileQuestionId, storyfileQuestions.id))
    .where(eq(storyfileQuestions.storyfileId, storyfileId))
    .orderBy(asc(storyfileTopics.position), asc(storyfileQuestions.position));
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    topicName: row.topicName,
    isRecorded: row.assetId !== null,
  }));
}

function toSummary(
  row: VersionRow,
  publishedVersionId: string | null,
  createdByName: string | null,
): InkVersionSummary {
  return {
    id: row.id,
    number: row.number,
    hasErrors: row.errorCount > 0,
    errorCount: row.errorCount,
    warningCount: row.warningCount,
    restoredFromNumber: row.restoredFromNumber,
    isPublished: row.id === publishedVersionId,
    createdAt: row.createdAt.toISOString(),
    createdByName,
    stats: row.stats,
  };
}

function toVersion(
  row: VersionRow,
  publishedVersionId: string | null,
  createdByName: string | null,
): InkVersion {
  return {
    ...toSummary(row, publishedVersionId, createdByName),
    source: row.source,
    messages: row.messages,
    compiledJson: row.compiledJson,
  };
}

const displayName = sql<
  string | null
>`coalesce(nullif(trim(concat_ws(' ', ${users.firstName}, ${users.lastName})), ''), ${users.email})`;

async function getPublishedVersionId(db: Database, storyfileId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: inkStories.publishedVersionId })
    .from(inkStories)
    .where(eq(inkStories.storyfileId, storyfileId));
  return row?.id ?? null;
}

async function findVersion(db: Database, storyfileId: string, number: number) {
  const [row] = await db
    .select({ version: inkStoryVersions, createdByName: displayName })
    .from(inkStoryVersions)
    .leftJoin(users, eq(users.id, inkStoryVersions.createdBy))
    .where(and(eq(inkStoryVersions.storyfileId, storyfileId), eq(inkStoryVersions.number, number)));
  if (!row) {
    throw notFound(INK_VERSION_NOT_FOUND_MESSAGE);
  }
  return row;
}

/** The editor's view of a storyfile's story. */
export async function getInkStory(db: Database, storyfileId: string): Promise<InkStory> {
  const [storyfile] = await db
    .select({ name: storyfiles.name, namespaceId: storyfiles.namespaceId })
    .from(storyfiles)
    .where(eq(storyfiles.id, storyfileId));
  if (!storyfile) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  const [story] = await db.select().from(inkStories).where(eq(inkStories.storyfileId, storyfileId));
  const publishedVersionId = story?.publishedVersionId ?? null;
  const rows = await db
    .select({
      id: inkStoryVersions.id,
      storyfileId: inkStoryVersions.storyfileId,
      number: inkStoryVersions.number,
      errorCount: inkStoryVersions.errorCount,
      warningCount: inkStoryVersions.warningCount,
      restoredFromNumber: inkStoryVersions.restoredFromNumber,
      createdAt: inkStoryVersions.createdAt,
      stats: inkStoryVersions.stats,
      createdByName: displayName,
    })
    .from(inkStoryVersions)
    .leftJoin(users, eq(users.id, inkStoryVersions.createdBy))
    .where(eq(inkStoryVersions.storyfileId, storyfileId))
    .orderBy(desc(inkStoryVersions.number));
  const versions = rows.map((row) =>
    toSummary(
      { ...row, source: '', compiledJson: null, messages: [], createdBy: null },
      publishedVersionId,
      row.createdByName,
    ),
  );
  const latestNumber = rows[0]?.number;
  const latest =
    latestNumber === undefined ? null : await getInkVersion(db, storyfileId, latestNumber);
  const published = versions.find((version) => version.isPublished);
  const clips = await db
    .select({ clipKind: mediaAssets.clipKind })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.storyfileId, storyfileId), isNotNull(mediaAssets.clipKind)));
  return {
    storyfileId,
    storyfileName: storyfile.name,
    namespaceId: storyfile.namespaceId,
    latest,
    publishedNumber: published?.number ?? null,
    publishedAt: published && story?.publishedAt ? story.publishedAt.toISOString() : null,
    versions,
    questions: await listInkQuestions(db, storyfileId),
    recordedClips: clips.flatMap((clip) => (clip.clipKind ? [clip.clipKind] : [])),
  };
}

export async function getInkVersion(
  db: Database,
  storyfileId: string,
  number: number,
): Promise<InkVersion> {
  const { version, createdByName } = await findVersion(db, storyfileId, number);
  return toVersion(version, await getPublishedVersionId(db, storyfileId), createdByName);
}

/**
 * Compiles the source with inkjs and stores it as the next version, with the compiled JSON or
 * the errors. Versions are numbered under a per-storyfile advisory lock, so two saves at once get
 * two numbers rather than a unique-key failure.
 */
export async function saveInkVersion(
  db: Database,
  input: { storyfileId: string; source: string; userId: string; restoredFromNumber?: number },
): Promise<InkVersion> {
  const questions = await listInkQuestions(db, input.storyfileId);
  const result = compileInkSource(input.source, questions);
  const errorCount = result.messages.filter((message) => message.severity === 'error').length;
  const warningCount = result.messages.length - errorCount;
  const row = await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext('ink_story_versions'), hashtext(${input.storyfileId}))`,
    );
    const [last] = await tx
      .select({ number: sql<number>`coalesce(max(${inkStoryVersions.number}), 0)::int` })
      .from(inkStoryVersions)
      .where(eq(inkStoryVersions.storyfileId, input.storyfileId));
    const [inserted] = await tx
      .insert(inkStoryVersions)
      .values({
        storyfileId: input.storyfileId,
        number: (last?.number ?? 0) + 1,
        source: input.source,
        compiledJson: result.compiledJson,
        messages: result.messages,
        errorCount,
        warningCount,
        stats: result.stats,
        restoredFromNumber: input.restoredFromNumber ?? null,
        createdBy: input.userId,
      })
      .returning();
    return inserted!;
  });
  return getInkVersion(db, input.storyfileId, row.number);
}

/** Saves an older version's source again as the newest version, compiled against today's checklist. */
export async function restoreInkVersion(
  db: Database,
  input: { storyfileId: string; number: number; userId: string },
): Promise<InkVersion> {
  const { version } = await findVersion(db, input.storyfileId, input.number);
  return saveInkVersion(db, {
    storyfileId: input.storyfileId,
    source: version.source,
    userId: input.userId,
    restoredFromNumber: version.number,
  });
}

export async function publishInkVersion(
  db: Database,
  input: { storyfileId: string; number: number; userId: string },
): Promise<InkStory> {
  const { version } = await findVersion(db, input.storyfileId, input.number);
  if (version.errorCount > 0 || version.compiledJson === null) {
    throw conflict(INK_VERSION_HAS_ERRORS_MESSAGE);
  }
  const published = {
    publishedVersionId: version.id,
    publishedAt: new Date(),
    publishedBy: input.userId,
  };
  await db
    .insert(inkStories)
    .values({ storyfileId: input.storyfileId, ...published })
    .onConflictDoUpdate({
      target: inkStories.storyfileId,
      set: { ...published, updatedAt: sql`now()` },
    });
  return getInkStory(db, input.storyfileId);
}

export async function unpublishInkStory(db: Database, storyfileId: string): Promise<InkStory> {
  await db
    .update(inkStories)
    .set({ publishedVersionId: null, publishedAt: null, updatedAt: sql`now()` })
    .where(eq(inkStories.storyfileId, storyfileId));
  return getInkStory(db, storyfileId);
}

/** The published story a conversation runs, or null. */
export async function findPublishedInkVersion(
  db: Database,
  storyfileId: string,
): Promise<{ id: string; number: number; compiledJson: string } | null> {
  const [row] = await db
    .select({
      id: inkStoryVersions.id,
      number: inkStoryVersions.number,
      compiledJson: inkStoryVersions.compiledJson,
    })
    .from(inkStories)
    .innerJoin(inkStoryVersions, eq(inkStoryVersions.id, inkStories.publishedVersionId))
    .where(eq(inkStories.storyfileId, storyfileId));
  return row?.compiledJson
    ? { id: row.id, number: row.number, compiledJson: row.compiledJson }
    : null;
}
