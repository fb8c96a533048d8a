import { and, eq } from 'drizzle-orm';
import type { CurrentUser, ScriptDetail } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { reorderPositions, type Executor } from '../lists/index.ts';
import { scriptQuestions, scriptTopics } from './library.tables.ts';
import { findLiveScriptFor, touchScript } from './script-access.ts';
import { getScriptDetail } from './script-detail.ts';

/** Reorders the given siblings of a live script's topic or question list, and marks it changed. */
async function reorderScriptItems(
  db: Database,
  user: CurrentUser,
  scriptId: string,
  reorder: (tx: Executor) => Promise<void>,
): Promise<ScriptDetail> {
  await db.transaction(async (tx) => {
    await findLiveScriptFor(tx, user, scriptId);
    await reorder(tx);
    await touchScript(tx, scriptId, user.iam);
  });
  return getScriptDetail(db, scriptId);
}

export function reorderScriptTopics(
  db: Database,
  user: CurrentUser,
  scriptId: string,
  ids: readonly string[],
): Promise<ScriptDetail> {
  return reorderScriptItems(db, user, scriptId, async (tx) => {
    const current = await tx
      .select({ id: scriptTopics.id })
      .from(scriptTopics)
      .where(eq(scriptTopics.scriptId, scriptId));
    await reorderPositions(
      tx,
      'script_topics',
      current.map((row) => row.id),
      ids,
      'topic of the script',
    );
  });
}

export function reorderScriptQuestions(
  db: Database,
  user: CurrentUser,
  scriptId: string,
  topicId: string,
  ids: readonly string[],
): Promise<ScriptDetail> {
  return reorderScriptItems(db, user, scriptId, async (tx) => {
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
    await reorderPositions(
      tx,
      'script_questions',
      current.map((row) => row.id),
      ids,
      'question of the topic',
    );
  });
}
