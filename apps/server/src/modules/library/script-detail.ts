import { asc, eq } from 'drizzle-orm';
import {
  SCRIPT_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type Script,
  type ScriptDetail,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { scriptQuestions, scriptTopics } from './library.tables.ts';
import { findScriptFor } from './script-access.ts';
import { buildScriptQuery, presentScript, type ScriptRow } from './scripts.queries.ts';

export async function getScript(db: Executor, scriptId: string): Promise<Script> {
  const result = await db.execute<ScriptRow>(buildScriptQuery(scriptId));
  const row = result.rows[0];
  if (!row) {
    throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
  }
  return presentScript(row);
}

/** A script's topics with their questions, in order (storyfiles apply them to a checklist). */
export async function readScriptContent(
  db: Executor,
  scriptId: string,
): Promise<ScriptDetail['topics']> {
  const [topicRows, questionRows] = await Promise.all([
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
  return topicRows.map((topic) => ({
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
  }));
}

/** A script's content as it is copied elsewhere: library links survive only within a namespace. */
export function copyScriptContent(
  topics: ScriptDetail['topics'],
  isSameNamespace: boolean,
): {
  name: string;
  sourceTopicId: string | null;
  questions: { text: string; alternates: string[]; sourceQuestionId: string | null }[];
}[] {
  return topics.map((topic) => ({
    name: topic.name,
    sourceTopicId: isSameNamespace ? topic.sourceTopicId : null,
    questions: topic.questions.map((question) => ({
      text: question.text,
      alternates: question.alternates,
      sourceQuestionId: isSameNamespace ? question.sourceQuestionId : null,
    })),
  }));
}

export async function getScriptDetail(db: Executor, scriptId: string): Promise<ScriptDetail> {
  const [script, topics] = await Promise.all([
    getScript(db, scriptId),
    readScriptContent(db, scriptId),
  ]);
  return { ...script, topics };
}

export async function getScriptDetailFor(
  db: Database,
  user: CurrentUser,
  scriptId: string,
): Promise<ScriptDetail> {
  await findScriptFor(db, user, scriptId, 'read:ns');
  return getScriptDetail(db, scriptId);
}
