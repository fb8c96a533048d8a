import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { XapiStatement } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { Executor } from '../lists/index.ts';

/** ADL's verbs (xAPI 1.0.3 registry). */
export const XAPI_VERBS = {
  asked: { id: 'http://adlnet.gov/expapi/verbs/asked', display: { 'en-US': 'asked' } },
  answered: { id: 'http://adlnet.gov/expapi/verbs/answered', display: { 'en-US': 'answered' } },
  completed: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
} as const;

const ACTIVITY_TYPE = 'http://adlnet.gov/expapi/activities/assessment';
const STORYFILE_TYPE = 'http://adlnet.gov/expapi/activities/interaction';

/**
 * A statement id derived from what it reports, so building the same statement twice gives the
 * same id and an LRS that receives a retry keeps one copy (xAPI: ids are the idempotency key).
 */
export function getStatementId(key: string): string {
  const hex = createHash('sha256').update(`xapi:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface StatementSource {
  publicUrl: string;
  activity: { id: string; title: string };
  storyfiles: Map<string, string>;
  student: { id: string; name: string; email: string };
  entries: {
    id: string;
    storyfileId: string;
    questionText: string;
    decision: 'answered' | 'fallback';
    answerQuestionText: string | null;
    createdAt: string;
  }[];
  completedAt: string | null;
}

/**
 * A student's statements in an activity: "asked" for every exchange, "answered" when the
 * storyfile answered it (object: the storyfile, parent: the activity), "completed" when the rule
 * was met (object: the activity).
 */
export function buildStatements(source: StatementSource): XapiStatement[] {
  const actor = {
    objectType: 'Agent' as const,
    name: source.student.name,
    mbox: `mailto:${source.student.email}`,
  };
  const activityObject = {
    objectType: 'Activity' as const,
    id: `${source.publicUrl}/learning/activities/${source.activity.id}`,
    definition: { name: { 'en-US': source.activity.title }, type: ACTIVITY_TYPE },
  };
  const context = { contextActivities: { parent: [activityObject] } };
  const storyfileObject = (storyfileId: string) => ({
    objectType: 'Activity' as const,
    id: `${source.publicUrl}/storyfiles/${storyfileId}`,
    definition: {
      name: { 'en-US': source.storyfiles.get(storyfileId) ?? 'Storyfile' },
      type: STORYFILE_TYPE,
    },
  });
  const statements: XapiStatement[] = [];
  for (const entry of source.entries) {
    statements.push({
      id: getStatementId(`${entry.id}:asked`),
      actor,
      verb: XAPI_VERBS.asked,
      object: storyfileObject(entry.storyfileId),
      result: { response: entry.questionText },
      context,
      timestamp: entry.createdAt,
    });
    if (entry.decision === 'answered') {
      statements.push({
        id: getStatementId(`${entry.id}:answered`),
        actor,
        verb: XAPI_VERBS.answered,
        object: storyfileObject(entry.storyfileId),
        result: { response: entry.answerQuestionText ?? '' },
        context,
        timestamp: entry.createdAt,
      });
    }
  }
  if (source.completedAt !== null) {
    statements.push({
      id: getStatementId(`${source.activity.id}:${source.student.id}:completed`),
      actor,
      verb: XAPI_VERBS.completed,
      object: activityObject,
      result: { completion: true },
      context: { contextActivities: { parent: [] } },
      timestamp: source.completedAt,
    });
  }
  return statements;
}

export interface XapiSettings {
  /** The LRS base URL (XAPI_ENDPOINT); undefined: nothing is sent. */
  endpoint: string | undefined;
  auth: string | undefined;
}

/** Keeps statements for the LRS; a statement already waiting (same id) is kept once. */
export async function queueStatements(db: Executor, statements: XapiStatement[]): Promise<void> {
  if (statements.length === 0) {
    return;
  }
  await db.execute(sql`
    insert into learning_xapi_outbox (id, statement)
    select (s->>'id')::uuid, s from jsonb_array_elements(${JSON.stringify(statements)}::jsonb) s
    on conflict (id) do nothing`);
}

/** How often waiting statements are sent again while the LRS is down. */
export const XAPI_RETRY_INTERVAL_MS = 30_000;

/** Statements sent per request to the LRS. */
const XAPI_BATCH_SIZE = 100;

/**
 * Sends waiting statements to the LRS, oldest first, a batch at a time. A row leaves the outbox
 * only after the LRS accepted it; a failure (LRS down, refused) keeps it with its attempt count and
 * error, and the next drain tries again, so nothing is lost. Rows are locked while being sent
 * (skip locked), so two processes never send the same batch at once.
 */
export async function drainXapiOutbox(
  db: Database,
  settings: XapiSettings,
): Promise<{ sent: number; failed: number }> {
  if (settings.endpoint === undefined) {
    return { sent: 0, failed: 0 };
  }
  const url = `${settings.endpoint.replace(/\/$/, '')}/statements`;
  let sent = 0;
  for (;;) {
    const outcome = await db.transaction(async (tx) => {
      const batch = await tx.execute<{ id: string; statement: XapiStatement }>(sql`
        select id, statement from learning_xapi_outbox
        order by created_at, id limit ${XAPI_BATCH_SIZE} for update skip locked`);
      if (batch.rows.length === 0) {
        return 'empty' as const;
      }
      const ids = batch.rows.map((row) => row.id);
      let problem: string | null = null;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-experience-api-version': '1.0.3',
            ...(settings.auth ? { authorization: settings.auth } : {}),
          },
          body: JSON.stringify(batch.rows.map((row) => row.statement)),
          signal: AbortSignal.timeout(10_000),
        });
        // 409: the LRS holds statements with these ids already (an earlier send that we did not
        // hear back from); they are delivered.
        if (!response.ok && response.status !== 409) {
          problem = `LRS answered ${response.status}`;
        }
      } catch (error) {
        problem = error instanceof Error ? error.message : String(error);
      }
      if (problem !== null) {
        await tx.execute(sql`
          update learning_xapi_outbox set attempts = attempts + 1, last_error = ${problem.slice(0, 500)}
          where id = any(${sql.param(ids)}::uuid[])`);
        return 'failed' as const;
      }
      await tx.execute(
        sql`delete from learning_xapi_outbox where id = any(${sql.param(ids)}::uuid[])`,
      );
      sent += ids.length;
      return 'sent' as const;
    });
    if (outcome === 'empty') {
      return { sent, failed: 0 };
    }
    if (outcome === 'failed') {
      const waiting = await db.execute<{ count: number }>(
        sql`select count(*)::int as count from learning_xapi_outbox`,
      );
      return { sent, failed: Number(waiting.rows[0]?.count ?? 0) };
    }
  }
}
