import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_LANGUAGE,
  formatScriptNameTakenMessage,
  type createScriptBodySchema,
  type CurrentUser,
  type Script,
  type ScriptContent,
  type ScriptDetail,
  type updateScriptBodySchema,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { scripts } from './library.tables.ts';
import {
  assertNamespaceExists,
  assertNamespaceRole,
  markUpdated,
  pickDefined,
  rethrowNameTaken,
  takeDeletedColumns,
  takeRestoredColumns,
} from '../lists/index.ts';
import { findLiveScriptFor, findScriptFor, touchScript } from './script-access.ts';
import {
  assertDistinctContent,
  assertSourcesInNamespace,
  assertKnownIds,
  writeScriptContent,
} from './script-content.ts';
import { getScript, getScriptDetail } from './script-detail.ts';

// A script's own writes: create, edit, its content, soft delete and restore.

export const rethrowScriptNameTaken = (error: unknown, name: string): never =>
  rethrowNameTaken(error, 'scripts_namespace_name_key', formatScriptNameTakenMessage, name);

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
    .catch((error: unknown) => rethrowScriptNameTaken(error, body.name));
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
          ...pickDefined(body, ['name', 'description', 'language']),
          ...markUpdated(user.iam),
        })
        .where(eq(scripts.id, scriptId));
    })
    .catch((error: unknown) => rethrowScriptNameTaken(error, body.name ?? ''));
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
      .set(await takeDeletedColumns(tx, 'scripts', { namespaceId, name: script.name }, user.iam))
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
    const restored = await takeRestoredColumns(
      tx,
      'scripts',
      { ...script, namespaceId: script.namespaceId },
      user.iam,
      formatScriptNameTakenMessage,
    );
    await tx
      .update(scripts)
      .set(restored)
      .where(eq(scripts.id, scriptId))
      .catch((error: unknown) => rethrowScriptNameTaken(error, restored.name));
  });
  return getScript(db, scriptId);
}
