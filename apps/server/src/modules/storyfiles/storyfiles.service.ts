import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  canSeeNamespace,
  CLIP_KIND_LABELS,
  CLIP_KINDS,
  DEFAULT_CLIP_PROMPTS,
  DEFAULT_LANGUAGE,
  DELETED_NAME_MARKER,
  formatStoryfileDeletedMessage,
  formatStoryfileNameTakenMessage,
  RECENT_LIST_LIMIT,
  STORYFILE_NOT_FOUND_MESSAGE,
  STORYFILE_PUBLISHED_STATUS_LOCKED_MESSAGE,
  type CreateStoryfileBody,
  type CurrentUser,
  type ListStoryfilesQuery,
  type NameTakenQuery,
  type StoryfileDetail,
  type StoryfilePage,
  type StoryfileSummary,
  type UpdateStoryfileBody,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import {
  storyfileClips,
  storyfileQuestions,
  storyfiles,
  storyfileStarters,
  storyfileTopics,
} from './storyfiles.tables.ts';
import { conflict, notFound } from '../../http/errors.ts';
import {
  assertNamespaceExists,
  assertNamespaceRole,
  type Executor,
  getNamespaceAccess,
  isNameTaken,
  isUniqueViolation,
  markDeleted,
  markRestored,
  resolveNamespaceFilter,
  runListQueries,
  takeDeletedName,
  takeRestoredName,
  toIsoTimestampOrNull,
} from '../lists/index.ts';
import { assertTrialAllows, type TrialUsage } from '../promo-codes/index.ts';
import { applyScriptToStoryfile } from './apply-script.ts';
import {
  buildStoryfileListQueries,
  buildStoryfileSummariesQuery,
  presentStoryfileSummary,
  type StoryfileListScope,
  type StoryfileSummaryRow,
} from './storyfiles.queries.ts';

export type StoryfileRow = typeof storyfiles.$inferSelect;

const NAME_KEY = 'storyfiles_namespace_name_key';

/**
 * The namespace that contains a storyfile (null for an unknown id): the one indexed lookup behind
 * every storyfile permission check, deleted storyfiles included so owners can restore them.
 */
export async function findStoryfileNamespaceId(
  db: Executor,
  storyfileId: string,
): Promise<string | null> {
  if (!z.uuid().safeParse(storyfileId).success) {
    return null;
  }
  const [row] = await db
    .select({ namespaceId: storyfiles.namespaceId })
    .from(storyfiles)
    .where(eq(storyfiles.id, storyfileId));
  return row?.namespaceId ?? null;
}

/** The list scope of a caller: what they see, and where deleted rows may be shown. */
export function getStoryfileListScope(
  user: CurrentUser,
  input: { namespaceId?: string | undefined; includeDeleted: boolean },
): StoryfileListScope {
  const namespaceIds = resolveNamespaceFilter(
    user,
    input.namespaceId === undefined ? undefined : [input.namespaceId],
  );
  if (!input.includeDeleted) {
    return { namespaceIds, deletedIn: 'none' };
  }
  const { owned } = getNamespaceAccess(user);
  return { namespaceIds, deletedIn: owned };
}

export async function listStoryfiles(
  db: Database,
  user: CurrentUser,
  query: ListStoryfilesQuery,
): Promise<StoryfilePage> {
  const scope = getStoryfileListScope(user, query);
  return runListQueries(
    db,
    buildStoryfileListQueries(query, scope),
    query,
    (row: StoryfileSummaryRow) => presentStoryfileSummary(row),
  );
}

/**
 * Resolves the browser's recent storyfile ids: live storyfiles the user may see, in the order
 * given, at most RECENT_LIST_LIMIT. Deleted ones (and any name carrying the deleted marker) stay
 * out, as spec §5 keeps them out of recent lists.
 */
export async function getRecentStoryfiles(
  db: Database,
  user: CurrentUser,
  ids: readonly string[],
): Promise<StoryfileSummary[]> {
  if (ids.length === 0) {
    return [];
  }
  const result = await db.execute<StoryfileSummaryRow>(buildStoryfileSummariesQuery(ids));
  const byId = new Map(result.rows.map((row) => [row.id, row]));
  return ids
    .map((id) => byId.get(id))
    .filter(
      (row): row is StoryfileSummaryRow =>
        row !== undefined &&
        row.deleted_at === null &&
        !row.name.includes(DELETED_NAME_MARKER) &&
        canSeeNamespace(user, row.namespace_id),
    )
    .slice(0, RECENT_LIST_LIMIT)
    .map(presentStoryfileSummary);
}

/** spec §7 nameTaken for storyfiles: `unique` is true when no storyfile in scope has the name. */
export async function isStoryfileNameUnique(
  db: Database,
  user: CurrentUser,
  query: NameTakenQuery,
): Promise<boolean> {
  const namespaceIds = resolveNamespaceFilter(user, query.organizationIds);
  const isTaken = await isNameTaken(db, 'storyfiles', {
    name: query.name,
    namespaceIds,
    ...(query.excludeId ? { excludeId: query.excludeId } : {}),
  });
  return !isTaken;
}

function rethrowNameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error, NAME_KEY)) {
    throw conflict(formatStoryfileNameTakenMessage(name));
  }
  throw error;
}

export async function createStoryfile(
  db: Database,
  trialUsage: TrialUsage,
  user: CurrentUser,
  body: CreateStoryfileBody,
): Promise<StoryfileDetail> {
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(db, body.namespaceId);
  const id = await db
    .transaction(async (tx) => {
      // A running trial's storyfile limit (an ended trial never gets here: the gateway's read-only guard).
      await assertTrialAllows(
        tx,
        trialUsage,
        { kind: 'storyfile', namespaceId: body.namespaceId },
        { lock: true },
      );
      const [row] = await tx
        .insert(storyfiles)
        .values({
          namespaceId: body.namespaceId,
          name: body.name,
          description: body.description,
          language: body.language ?? DEFAULT_LANGUAGE,
          status: body.status,
          avatarUrl: body.avatarUrl,
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: storyfiles.id });
      const storyfileId = row!.id;
      await tx.insert(storyfileClips).values(
        CLIP_KINDS.map((kind) => ({
          storyfileId,
          kind,
          prompt: DEFAULT_CLIP_PROMPTS[kind],
          updatedBy: user.iam,
        })),
      );
      if (body.scriptId !== undefined) {
        await applyScriptToStoryfile(tx, user, storyfileId, body.scriptId);
      }
      return storyfileId;
    })
    .catch((error: unknown) => rethrowNameTaken(error, body.name));
  return getStoryfileDetail(db, id);
}

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

/**
 * Whether the storyfile's share link answers visitors (the publishing module answers it, handed in
 * by the assembly: publishing builds on storyfiles).
 */
export type IsPublicationLive = (tx: Executor, storyfileId: string) => Promise<boolean>;

/** Marks the storyfile changed (lists sort by it; recent activity shows it). */
export async function touchStoryfile(
  tx: Executor,
  storyfileId: string,
  userId: string,
): Promise<void> {
  await tx
    .update(storyfiles)
    .set({ updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(storyfiles.id, storyfileId));
}

export async function updateStoryfile(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  body: UpdateStoryfileBody,
  isPublicationLive: IsPublicationLive,
): Promise<StoryfileDetail> {
  await db
    .transaction(async (tx) => {
      await lockLiveStoryfile(tx, storyfileId);
      if (body.status !== undefined && (await isPublicationLive(tx, storyfileId))) {
        // The badge would read Draft while the share link answers visitors; unpublishing needs
        // the owner's permission, so a status change cannot stand in for it.
        throw conflict(STORYFILE_PUBLISHED_STATUS_LOCKED_MESSAGE);
      }
      await tx
        .update(storyfiles)
        .set({
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.language === undefined ? {} : { language: body.language }),
          ...(body.status === undefined ? {} : { status: body.status }),
          ...(body.avatarUrl === undefined ? {} : { avatarUrl: body.avatarUrl }),
          updatedAt: sql`now()`,
          updatedBy: user.iam,
        })
        .where(eq(storyfiles.id, storyfileId));
    })
    .catch((error: unknown) => rethrowNameTaken(error, body.name ?? ''));
  return getStoryfileDetail(db, storyfileId);
}

/**
 * Soft delete: the storyfile stays with its checklist, renamed `<name> - Deleted` (or
 * `- Deleted (2)`, ...) so the name is free again and recent lists drop it. Deleting a deleted
 * storyfile changes nothing.
 */
export async function deleteStoryfile(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
): Promise<StoryfileSummary> {
  await db.transaction(async (tx) => {
    const row = await lockStoryfile(tx, storyfileId);
    if (row.deletedAt !== null) {
      return;
    }
    await tx
      .update(storyfiles)
      .set({ ...(await takeDeletedName(tx, 'storyfiles', row)), ...markDeleted(user.iam) })
      .where(eq(storyfiles.id, storyfileId));
  });
  return getStoryfileSummary(db, storyfileId);
}

/** Restores the original name; 409 when another storyfile took it in the meantime. */
export async function restoreStoryfile(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    const row = await lockStoryfile(tx, storyfileId);
    if (row.deletedAt === null) {
      return;
    }
    const restored = await takeRestoredName(tx, 'storyfiles', row, formatStoryfileNameTakenMessage);
    await tx
      .update(storyfiles)
      .set({ ...restored, ...markRestored(user.iam) })
      .where(eq(storyfiles.id, storyfileId))
      .catch((error: unknown) => rethrowNameTaken(error, restored.name));
  });
  return getStoryfileDetail(db, storyfileId);
}

export async function getStoryfileSummary(
  db: Executor,
  storyfileId: string,
): Promise<StoryfileSummary> {
  const result = await db.execute<StoryfileSummaryRow>(buildStoryfileSummariesQuery([storyfileId]));
  const row = result.rows[0];
  if (!row) {
    throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
  }
  return presentStoryfileSummary(row);
}

/** The storyfile with its whole checklist: topics, their questions, clips and starters, in order. */
export async function getStoryfileDetail(
  db: Executor,
  storyfileId: string,
): Promise<StoryfileDetail> {
  const [summary, topicRows, questionRows, clipRows, starterRows] = await Promise.all([
    getStoryfileSummary(db, storyfileId),
    db
      .select()
      .from(storyfileTopics)
      .where(eq(storyfileTopics.storyfileId, storyfileId))
      .orderBy(asc(storyfileTopics.position), asc(storyfileTopics.createdAt)),
    db
      .select()
      .from(storyfileQuestions)
      .where(eq(storyfileQuestions.storyfileId, storyfileId))
      .orderBy(asc(storyfileQuestions.position), asc(storyfileQuestions.createdAt)),
    db.select().from(storyfileClips).where(eq(storyfileClips.storyfileId, storyfileId)),
    db
      .select({
        questionId: storyfileStarters.storyfileQuestionId,
        topicId: storyfileQuestions.storyfileTopicId,
        text: storyfileQuestions.text,
        position: storyfileStarters.position,
      })
      .from(storyfileStarters)
      .innerJoin(
        storyfileQuestions,
        and(
          eq(storyfileQuestions.id, storyfileStarters.storyfileQuestionId),
          eq(storyfileQuestions.storyfileId, storyfileStarters.storyfileId),
        ),
      )
      .where(eq(storyfileStarters.storyfileId, storyfileId))
      .orderBy(asc(storyfileStarters.position)),
  ]);
  const questionsByTopic = new Map<string, StoryfileDetail['topics'][number]['questions']>();
  for (const question of questionRows) {
    const list = questionsByTopic.get(question.storyfileTopicId) ?? [];
    list.push({
      id: question.id,
      topicId: question.storyfileTopicId,
      text: question.text,
      alternates: question.alternates,
      position: question.position,
      sourceQuestionId: question.sourceQuestionId,
      answerRecordedAt: toIsoTimestampOrNull(question.answerRecordedAt),
      queuedToRecordAt: toIsoTimestampOrNull(question.queuedToRecordAt),
    });
    questionsByTopic.set(question.storyfileTopicId, list);
  }
  const clipsByKind = new Map(clipRows.map((clip) => [clip.kind, clip]));
  return {
    ...summary,
    topics: topicRows.map((topic) => ({
      id: topic.id,
      name: topic.name,
      position: topic.position,
      sourceTopicId: topic.sourceTopicId,
      questions: questionsByTopic.get(topic.id) ?? [],
    })),
    clips: CLIP_KINDS.map((kind) => {
      const clip = clipsByKind.get(kind);
      return {
        kind,
        label: CLIP_KIND_LABELS[kind],
        prompt: clip?.prompt ?? DEFAULT_CLIP_PROMPTS[kind],
        recordedAt: toIsoTimestampOrNull(clip?.recordedAt ?? null),
      };
    }),
    starters: starterRows,
  };
}
