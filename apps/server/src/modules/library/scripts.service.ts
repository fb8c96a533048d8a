import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  formatScriptNameTakenMessage,
  SCRIPT_NOT_FOUND_MESSAGE,
  SHIPPED_SCRIPT_READ_ONLY_MESSAGE,
  type createScriptBodySchema,
  type CurrentUser,
  type duplicateScriptBodySchema,
  type ListScriptsQuery,
  type NameTakenQuery,
  type Scope,
  type Script,
  type ScriptContent,
  type ScriptDetail,
  type updateScriptBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { scriptQuestions, scripts, scriptTopics } from './library.tables.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import {
  assertNamespaceExists,
  assertNamespaceRole,
  assertPermutation,
  type Executor,
  getNamespaceAccess,
  isNameTaken,
  isUniqueViolation,
  markDeleted,
  markRestored,
  pickCopyName,
  resolveNamespaceFilter,
  rewritePositions,
  runListQueries,
  takeDeletedName,
  takeRestoredName,
} from '../lists/index.ts';
import {
  buildScriptListQueries,
  buildScriptQuery,
  presentScript,
  type ScriptRow,
} from './scripts.queries.ts';
import {
  assertDistinctContent,
  assertSourcesInNamespace,
  assertKnownIds,
  writeScriptContent,
} from './script-content.ts';

type ScriptRecord = typeof scripts.$inferSelect;

const NAME_KEY = 'scripts_namespace_name_key';

export function listScripts(db: Database, user: CurrentUser, query: ListScriptsQuery) {
  const namespaceIds = resolveNamespaceFilter(
    user,
    query.namespaceId === undefined ? undefined : [query.namespaceId],
  );
  return runListQueries(
    db,
    buildScriptListQueries(query, {
      namespaceIds,
      includeShipped: query.shipped !== false,
      includeNamespaced: query.shipped !== true,
      deletedIn: query.includeDeleted ? getNamespaceAccess(user).owned : 'none',
    }),
    query,
    (row: ScriptRow) => presentScript(row),
  );
}

export async function isScriptNameUnique(
  db: Database,
  user: CurrentUser,
  query: NameTakenQuery,
): Promise<boolean> {
  return !(await isNameTaken(db, 'scripts', {
    name: query.name,
    namespaceIds: resolveNamespaceFilter(user, query.organizationIds),
    ...(query.excludeId ? { excludeId: query.excludeId } : {}),
  }));
}

/**
 * Loads a script and checks the user's scope in its namespace (404 without any). Shipped
 * templates can be read by everyone and changed by no one.
 */
export async function findScriptFor(
  db: Executor,
  user: CurrentUser,
  scriptId: string,
  required: Scope,
  options: { lock?: boolean } = {},
): Promise<ScriptRecord> {
  const query = db.select().from(scripts).where(eq(scripts.id, scriptId));
  const [script] = options.lock ? await query.for('update') : await query;
  if (!script) {
    throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
  }
  if (script.namespaceId === null) {
    if (required !== 'read:ns') {
      throw forbidden(SHIPPED_SCRIPT_READ_ONLY_MESSAGE);
    }
    return script;
  }
  assertNamespaceRole(user, script.namespaceId, required, SCRIPT_NOT_FOUND_MESSAGE);
  return script;
}

async function findLiveScriptFor(
  tx: Executor,
  user: CurrentUser,
  scriptId: string,
): Promise<ScriptRecord> {
  const script = await findScriptFor(tx, user, scriptId, 'edit:ns', { lock: true });
  if (script.deletedAt !== null) {
    throw conflict(`The script "${script.name}" is deleted; restore it before changing it.`);
  }
  return script;
}

export async function getScript(db: Executor, scriptId: string): Promise<Script> {
  const result = await db.execute<ScriptRow>(buildScriptQuery(scriptId));
  const row = result.rows[0];
  if (!row) {
    throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
  }
  return presentScript(row);
}

export async function getScriptDetail(db: Executor, scriptId: string): Promise<ScriptDetail> {
  const [script, topicRows, questionRows] = await Promise.all([
    getScript(db, scriptId),
    db
      .select()
      .from(scriptTopics)
      .where(eq(scriptTopics.scriptId, scriptId))
      .orderBy(asc(scriptTopics.position)),
    db
      .select()
      .from(scriptQuestions)
      .where(eq(scriptQuestions.scriptId, scriptId))
      .orderBy(asc(scriptQuestions.position)),
  ]);
  return {
    ...script,
    topics: topicRows.map((topic) => ({
      id: topic.id,
      name: topic.name,
      position: topic.position,
      sourceTopicId: topic.sourceTopicId,
      questions: questionRows
        .filter((question) => question.scriptTopicId === topic.id)
        .map((question) => ({
          id: question.id,
          text: question.text,
          alternates: question.alternates,
          position: question.position,
          sourceQuestionId: question.sourceQuestionId,
        })),
    })),
  };
}

export async function getScriptDetailFor(
  db: Database,
  user: CurrentUser,
  scriptId: string,
): Promise<ScriptDetail> {
  await findScriptFor(db, user, scriptId, 'read:ns');
  return getScriptDetail(db, scriptId);
}

function rethrowNameTaken(error: unknown, name: string): never {
  if (isUniqueViolation(error, NAME_KEY)) {
    throw conflict(formatScriptNameTakenMessage(name));
  }
  throw error;
}

async function touchScript(tx: Executor, scriptId: string, userId: string): Promise<void> {
  await tx
    .update(scripts)
    .set({ updatedAt: sql`now()`, updatedBy: userId })
    .where(eq(scripts.id, scriptId));
}

export async function createScript(
  db: Database,
  user: CurrentUser,
  body: z.infer<typeof createScriptBodySchema>,
): Promise<ScriptDetail> {
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(db, body.namespaceId);
  assertDistinctContent(body.topics);
  const id = await db
    .transaction(async (tx) => {
      await assertSourcesInNamespace(tx, body.namespaceId, body.topics);
      const [row] = await tx
        .insert(scripts)
        .values({
          namespaceId: body.namespaceId,
          name: body.name,
          description: body.description,
          language: body.language ?? DEFAULT_LANGUAGE,
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: scripts.id });
      // New content: ids in the body cannot belong to this script yet.
      await writeScriptContent(
        tx,
        row!.id,
        body.topics.map(({ id: _topicId, ...topic }) => ({
          ...topic,
          questions: topic.questions.map(({ id: _questionId, ...question }) => question),
        })),
      );
      return row!.id;
    })
    .catch((error: unknown) => rethrowNameTaken(error, body.name));
  return getScriptDetail(db, id);
}

export async function updateScript(
  db: Database,
  user: CurrentUser,
  scriptId: string,
  body: z.infer<typeof updateScriptBodySchema>,
): Promise<Script> {
  await db
    .transaction(async (tx) => {
      await findLiveScriptFor(tx, user, scriptId);
      await tx
        .update(scripts)
        .set({
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.language === undefined ? {} : { language: body.language }),
          updatedAt: sql`now()`,
          updatedBy: user.iam,
        })
        .where(eq(scripts.id, scriptId));
    })
    .catch((error: unknown) => rethrowNameTaken(error, body.name ?? ''));
  return getScript(db, scriptId);
}

export async function replaceScriptContent(
  db: Database,
  user: CurrentUser,
  scriptId: string,
  content: ScriptContent,
): Promise<ScriptDetail> {
  assertDistinctContent(content.topics);
  await db.transaction(async (tx) => {
    const script = await findLiveScriptFor(tx, user, scriptId);
    await assertKnownIds(tx, scriptId, content.topics);
    await assertSourcesInNamespace(tx, script.namespaceId, content.topics);
    await writeScriptContent(tx, scriptId, content.topics);
    await touchScript(tx, scriptId, user.iam);
  });
  return getScriptDetail(db, scriptId);
}

export async function deleteScript(
  db: Database,
  user: CurrentUser,
  scriptId: string,
): Promise<Script> {
  await db.transaction(async (tx) => {
    const script = await findScriptFor(tx, user, scriptId, 'edit:ns', { lock: true });
    if (script.deletedAt !== null || script.namespaceId === null) {
      return;
    }
    const { namespaceId } = script;
    await tx
      .update(scripts)
      .set({
        ...(await takeDeletedName(tx, 'scripts', { namespaceId, name: script.name })),
        ...markDeleted(user.iam),
      })
      .where(eq(scripts.id, scriptId));
  });
  return getScript(db, scriptId);
}

export async function restoreScript(
  db: Database,
  user: CurrentUser,
  scriptId: string,
): Promise<Script> {
  await db.transaction(async (tx) => {
    const script = await findScriptFor(tx, user, scriptId, 'owner:ns', { lock: true });
    if (script.deletedAt === null || script.namespaceId === null) {
      return;
    }
    const restored = await takeRestoredName(
      tx,
      'scripts',
      { ...script, namespaceId: script.namespaceId },
      formatScriptNameTakenMessage,
    );
    await tx
      .update(scripts)
      .set({ ...restored, ...markRestored(user.iam) })
      .where(eq(scripts.id, scriptId))
      .catch((error: unknown) => rethrowNameTaken(error, restored.name));
  });
  return getScript(db, scriptId);
}

/**
 * Copies a script or shipped template into a namespace where the user can edit. Library links
 * survive only within the same namespace; the copy's name is the one given or `<name> (copy)`.
 */
export async function duplicateScript(
  db: Database,
  user: CurrentUser,
  sourceId: string,
  body: z.infer<typeof duplicateScriptBodySchema>,
): Promise<ScriptDetail> {
  const source = await findScriptFor(db, user, sourceId, 'read:ns');
  if (source.deletedAt !== null) {
    throw conflict(`The script "${source.name}" is deleted; restore it before copying it.`);
  }
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(db, body.namespaceId);
  const content = await getScriptDetail(db, sourceId);
  const isSameNamespace = source.namespaceId === body.namespaceId;
  let name = body.name ?? '';
  const id = await db
    .transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`scripts:${body.namespaceId}`}))`,
      );
      name = body.name ?? (await pickCopyName(tx, 'scripts', body.namespaceId, source.name));
      const [row] = await tx
        .insert(scripts)
        .values({
          namespaceId: body.namespaceId,
          name,
          description: source.description,
          language: source.language,
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: scripts.id });
      await writeScriptContent(
        tx,
        row!.id,
        content.topics.map((topic) => ({
          name: topic.name,
          sourceTopicId: isSameNamespace ? topic.sourceTopicId : null,
          questions: topic.questions.map((question) => ({
            text: question.text,
            alternates: question.alternates,
            sourceQuestionId: isSameNamespace ? question.sourceQuestionId : null,
          })),
        })),
      );
      return row!.id;
    })
    .catch((error: unknown) => rethrowNameTaken(error, name));
  return getScriptDetail(db, id);
}

export async function reorderScriptTopics(
  db: Database,
  user: CurrentUser,
  scriptId: string,
  ids: readonly string[],
): Promise<ScriptDetail> {
  await db.transaction(async (tx) => {
    await findLiveScriptFor(tx, user, scriptId);
    const current = await tx
      .select({ id: scriptTopics.id })
      .from(scriptTopics)
      .where(eq(scriptTopics.scriptId, scriptId));
    assertPermutation(
      current.map((row) => row.id),
      ids,
      'topic of the script',
    );
    await rewritePositions(tx, 'script_topics', ids);
    await touchScript(tx, scriptId, user.iam);
  });
  return getScriptDetail(db, scriptId);
}

export async function reorderScriptQuestions(
  db: Database,
  user: CurrentUser,
  scriptId: string,
  topicId: string,
  ids: readonly string[],
): Promise<ScriptDetail> {
  await db.transaction(async (tx) => {
    await findLiveScriptFor(tx, user, scriptId);
    const [topic] = await tx
      .select({ id: scriptTopics.id })
      .from(scriptTopics)
      .where(and(eq(scriptTopics.id, topicId), eq(scriptTopics.scriptId, scriptId)));
    if (!topic) {
      throw notFound('This script has no such topic.');
    }
    const current = await tx
      .select({ id: scriptQuestions.id })
      .from(scriptQuestions)
      .where(eq(scriptQuestions.scriptTopicId, topicId));
    assertPermutation(
      current.map((row) => row.id),
      ids,
      'question of the topic',
    );
    await rewritePositions(tx, 'script_questions', ids);
    await touchScript(tx, scriptId, user.iam);
  });
  return getScriptDetail(db, scriptId);
}
