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

/**
 * Keeps statements for the LRS. Call it in the transaction of what they report, so they commit
 * with it or not at all. A statement already kept (same id: the same exchange, or a student's
 * "completed" in an activity) is kept once while its row is there: a sent row stays
 * XAPI_OUTBOX_RETENTION_DAYS (`pruneXapiOutbox`), and one queued again after that is sent again
 * with the same id, which the LRS keeps once.
 */
export async function queueStatements(db: Executor, statements: XapiStatement[]): Promise<number> {
  if (statements.length === 0) {
    return 0;
  }
  const result = await db.execute(sql`
    insert into learning_xapi_outbox (id, statement)
    select (s->>'id')::uuid, s from jsonb_array_elements(${JSON.stringify(statements)}::jsonb) s
    on conflict (id) do nothing`);
  return result.rowCount ?? 0;
}

/** How often waiting statements are looked at while the LRS is down. */
export const XAPI_RETRY_INTERVAL_MS = 30_000;

/** Statements sent per request to the LRS. */
const XAPI_BATCH_SIZE = 100;

/** How long one request to the LRS may take. */
const XAPI_REQUEST_TIMEOUT_MS = 10_000;

/**
 * How long claimed rows stay the claimer's: longer than its send (one request, or one per
 * statement when a batch is refused). A sender that dies mid-send leaves them to the next drain
 * after the lease; if it was only slow, the LRS gets the same ids twice and keeps one copy.
 */
const XAPI_LEASE_SECONDS = 60;

/** After a failed send a row waits 30 s, doubling per attempt, at most an hour. */
const backoffSql = sql`least(interval '30 seconds' * power(2, least(attempts, 7)), interval '1 hour')`;

type SendOutcome =
  | { kind: 'sent' }
  /** The LRS is down, busy or unreachable: try again later. */
  | { kind: 'failed'; error: string }
  /** The LRS refused the statements for good (a 4xx about them, not 408 or 429): its answer. */
  | { kind: 'refused'; error: string };

async function postStatements(
  url: string,
  settings: XapiSettings,
  statements: XapiStatement[],
): Promise<SendOutcome> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-experience-api-version': '1.0.3',
        ...(settings.auth ? { authorization: settings.auth } : {}),
      },
      body: JSON.stringify(statements),
      signal: AbortSignal.timeout(XAPI_REQUEST_TIMEOUT_MS),
    });
    // 409: the LRS holds statements with these ids already (an earlier send that we did not hear
    // back from); they are delivered.
    if (response.ok || response.status === 409) {
      await response.body?.cancel();
      return { kind: 'sent' };
    }
    const answer = (await response.text().catch(() => '')).slice(0, 1000);
    const error = `LRS answered ${response.status}${answer === '' ? '' : `: ${answer}`}`;
    // 401, 403 and 404 say the LRS or its credentials are misconfigured, nothing about the
    // statements: they wait for the fix instead of being marked refused for good.
    const isRetryable =
      response.status < 400 ||
      response.status >= 500 ||
      [401, 403, 404, 408, 429].includes(response.status);
    return isRetryable ? { kind: 'failed', error } : { kind: 'refused', error };
  } catch (error) {
    return { kind: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

/** Writes what became of claimed rows; each statement runs on its own (no transaction held). */
async function recordOutcome(db: Database, ids: string[], outcome: SendOutcome): Promise<void> {
  const rows = sql`id = any(${sql.param(ids)}::uuid[])`;
  if (outcome.kind === 'sent') {
    await db.execute(sql`
      update learning_xapi_outbox set sent_at = now(), attempts = attempts + 1 where ${rows}`);
  } else if (outcome.kind === 'refused') {
    await db.execute(sql`
      update learning_xapi_outbox set refused_at = now(), attempts = attempts + 1,
        last_error = ${outcome.error}
      where ${rows}`);
  } else {
    await db.execute(sql`
      update learning_xapi_outbox set attempts = attempts + 1, last_error = ${outcome.error},
        next_attempt_at = now() + ${backoffSql}
      where ${rows}`);
  }
}

export interface DrainResult {
  /** Statements the LRS took. */
  sent: number;
  /** Statements it refused for good: kept, marked, with its answer. */
  refused: number;
  /** Statements not sent because the LRS was down: they wait for their next attempt. */
  failed: number;
}

/**
 * Sends waiting statements to the LRS, oldest first, a batch at a time. Rows are claimed in one
 * short statement (FOR UPDATE SKIP LOCKED, then a lease in `next_attempt_at`), sent with no
 * transaction open, then marked: two drains never send the same rows, and a slow LRS holds no
 * connection or lock. A batch the LRS refuses is sent again one statement at a time, so one bad
 * statement is kept as refused and never blocks the others. A failure (LRS down) backs off and
 * ends this drain; only maintenance deletes rows (`pruneXapiOutbox`), never a drain.
 */
export async function drainXapiOutbox(db: Database, settings: XapiSettings): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, refused: 0, failed: 0 };
  if (settings.endpoint === undefined) {
    return result;
  }
  const url = `${settings.endpoint.replace(/\/$/, '')}/statements`;
  for (;;) {
    const claimed = await db.execute<{ id: string; statement: XapiStatement }>(sql`
      with due as (
        select id from learning_xapi_outbox
        where sent_at is null and refused_at is null and next_attempt_at <= now()
        order by created_at, id limit ${XAPI_BATCH_SIZE}
        for update skip locked
      ), claimed as (
        update learning_xapi_outbox o
        set next_attempt_at = now() + make_interval(secs => ${XAPI_LEASE_SECONDS})
        from due where o.id = due.id
        returning o.id, o.statement, o.created_at
      )
      select id, statement from claimed order by created_at, id`);
    const batch = claimed.rows;
    if (batch.length === 0) {
      return result;
    }
    const outcome = await postStatements(
      url,
      settings,
      batch.map((row) => row.statement),
    );
    if (outcome.kind !== 'refused' || batch.length === 1) {
      await recordOutcome(
        db,
        batch.map((row) => row.id),
        outcome,
      );
      result[outcome.kind] += batch.length;
      if (outcome.kind === 'failed') {
        return result;
      }
      continue;
    }
    // Which statement the LRS refused is not said: each goes alone, under a lease long enough.
    await db.execute(sql`
      update learning_xapi_outbox
      set next_attempt_at = now() + make_interval(secs => ${
        XAPI_LEASE_SECONDS + (batch.length * XAPI_REQUEST_TIMEOUT_MS) / 1000
      })
      where id = any(${sql.param(batch.map((row) => row.id))}::uuid[])`);
    let isDown = false;
    for (const row of batch) {
      if (isDown) {
        // The LRS went down meanwhile: the rest are released for the next drain, no attempt made.
        await db.execute(
          sql`update learning_xapi_outbox set next_attempt_at = now() where id = ${row.id}`,
        );
        result.failed += 1;
        continue;
      }
      const single = await postStatements(url, settings, [row.statement]);
      isDown = single.kind === 'failed';
      await recordOutcome(db, [row.id], single);
      result[single.kind] += 1;
    }
    if (isDown) {
      return result;
    }
  }
}

/**
 * Deletes statements the LRS took more than `retentionDays` ago (hourly maintenance). Waiting rows
 * are never touched, and refused ones are kept with the LRS's answer for whoever looks into them.
 * Returns how many were deleted.
 */
export async function pruneXapiOutbox(db: Executor, retentionDays: number): Promise<number> {
  const result = await db.execute(sql`
    delete from learning_xapi_outbox
    where sent_at < now() - make_interval(days => ${retentionDays})`);
  return result.rowCount ?? 0;
}
