import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { type XapiStatement } from '@conversa/contracts';
import { RECORDED_QUESTIONS } from '../../../test/conversation.fixtures.ts';
import { drainXapiOutbox } from './index.ts';
import {
  lrs,
  WRONG_LRS_AUTH,
  lrsUrl,
  studio,
  owner,
  classmate,
  storyfile,
  classmateId,
  createActivity,
  ask,
  rosterOf,
  setUpLearningStudio,
} from '../../../test/learning.fixtures.ts';

setUpLearningStudio();

describe('xAPI statements', () => {
  /** Until the send after an ask has failed for every statement `ofActivity` selects. */
  const waitForFailedSend = (ofActivity: SQL) =>
    expect
      .poll(
        async () =>
          (
            await studio.database.db.execute<{ attempts: number }>(
              sql`select min(attempts)::int as attempts from learning_xapi_outbox
                  where ${ofActivity}`,
            )
          ).rows[0]?.attempts ?? 0,
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1);

  it('describes one attempt: asked, answered, completed, with the activity and storyfile as objects', async () => {
    const activity = await createActivity({
      title: 'Statements',
      studentIds: [classmateId],
      rule: { questionsAsked: 2 },
    });
    lrs.isUp = true;
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await ask(classmate, activity.id, 'Do you like cheese?');
    const { statements } = await owner.expectStatus<{ statements: XapiStatement[] }>(
      200,
      'GET',
      `/v1/conversa/learning/activities/${activity.id}/xapi`,
    );
    expect(statements.map((statement) => statement.verb.display['en-US'])).toEqual([
      'asked',
      'answered',
      'asked',
      'completed',
    ]);
    expect(statements[0]!.actor).toEqual({
      objectType: 'Agent',
      name: 'grace@school.test',
      mbox: 'mailto:grace@school.test',
    });
    expect(statements[0]!.object.id).toBe(`${studio.config.publicUrl}/storyfiles/${storyfile.id}`);
    expect(statements[0]!.result?.response).toBe(RECORDED_QUESTIONS[0]!.text);
    expect(statements[0]!.context.contextActivities.parent[0]!.id).toBe(
      `${studio.config.publicUrl}/learning/activities/${activity.id}`,
    );
    expect(statements[3]!.object.definition.name['en-US']).toBe('Statements');
  });

  it('queues the statements in the transaction that logs the exchange, or neither is kept', async () => {
    const activity = await createActivity({
      title: 'Outbox with the exchange',
      studentIds: [classmateId],
      rule: { questionsAsked: 1 },
    });
    const { db } = studio.database;
    const asked = await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    // Written by the same transaction: its now() is the exchange's creation time.
    const rows = await db.execute<{ verb: string; is_same_transaction: boolean }>(sql`
      select o.statement->'verb'->'display'->>'en-US' as verb,
        o.created_at = e.created_at as is_same_transaction
      from learning_xapi_outbox o
      join chat_log_entries e on e.conversation_id = ${asked.conversationId}
      where o.statement::text like ${`%${activity.id}%`}
      order by verb`);
    expect(rows.rows).toEqual([
      { verb: 'answered', is_same_transaction: true },
      { verb: 'asked', is_same_transaction: true },
      { verb: 'completed', is_same_transaction: true },
    ]);

    // When the statements cannot be kept, the exchange is not logged either: nothing is lost.
    const other = await createActivity({
      title: 'Outbox refuses',
      studentIds: [classmateId],
      rule: { questionsAsked: 1 },
    });
    await db.execute(sql`
      create function refuse_outbox() returns trigger language plpgsql as
        $$ begin raise exception 'outbox unavailable'; end $$`);
    await db.execute(sql`
      create trigger refuse_outbox before insert on learning_xapi_outbox
      for each row execute function refuse_outbox()`);
    try {
      const failed = await classmate.post(`/v1/conversa/learning/my-activities/${other.id}/ask`, {
        storyfileId: storyfile.id,
        text: RECORDED_QUESTIONS[1]!.text,
      });
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql`drop trigger refuse_outbox on learning_xapi_outbox`);
      await db.execute(sql`drop function refuse_outbox()`);
    }
    const logged = await db.execute(sql`
      select 1 from chat_log_entries where question_text = ${RECORDED_QUESTIONS[1]!.text}
        and conversation_id in (select id from conversations
          where visitor_key = ${`learning:${other.id}:${classmateId}`})`);
    expect(logged.rows).toHaveLength(0);
    expect((await rosterOf(other.id))['grace@school.test']!.state).toBe('not_started');
  });

  it('keeps statements while the LRS is down and sends them once it is up, none lost', async () => {
    const activity = await createActivity({
      title: 'LRS down',
      studentIds: [classmateId],
      rule: { questionsAsked: 1 },
    });
    lrs.isUp = false;
    lrs.received = [];
    await ask(classmate, activity.id, RECORDED_QUESTIONS[2]!.text);
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    // The send after the ask fails; the statements wait in the outbox with the failure.
    await waitForFailedSend(ofActivity);
    const waiting = await db.execute<{
      statement: XapiStatement;
      last_error: string;
      is_backing_off: boolean;
    }>(
      sql`select statement, last_error, next_attempt_at > now() as is_backing_off
          from learning_xapi_outbox where ${ofActivity} order by created_at`,
    );
    expect(waiting.rows.map((row) => row.statement.verb.display['en-US']).sort()).toEqual([
      'answered',
      'asked',
      'completed',
    ]);
    expect(waiting.rows.every((row) => row.last_error === 'LRS answered 503')).toBe(true);
    expect(waiting.rows.every((row) => row.is_backing_off)).toBe(true);
    const settings = { endpoint: lrsUrl, auth: 'Basic bHJzOnNlY3JldA==' };
    lrs.isUp = true;
    // Before the backoff has passed nothing is sent.
    expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 0, refused: 0, failed: 0 });
    await db.execute(
      sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`,
    );
    expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 3, refused: 0, failed: 0 });
    const sent = lrs.received.flatMap((batch) => batch.statements);
    expect(sent.map((statement) => statement.id).sort()).toEqual(
      waiting.rows.map((row) => row.statement.id).sort(),
    );
    expect(lrs.received.every((batch) => batch.authorization === 'Basic bHJzOnNlY3JldA==')).toBe(
      true,
    );
    // Sent rows stay, marked: the outbox is also the record of what the LRS took.
    const kept = await db.execute<{ is_sent: boolean }>(
      sql`select sent_at is not null as is_sent from learning_xapi_outbox where ${ofActivity}`,
    );
    expect(kept.rows).toEqual([{ is_sent: true }, { is_sent: true }, { is_sent: true }]);
    expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 0, refused: 0, failed: 0 });
  });

  it('keeps a statement the LRS refuses, with its answer, and sends the others', async () => {
    const activity = await createActivity({
      title: 'LRS refuses one',
      studentIds: [classmateId],
      rule: { questionsAsked: 2 },
    });
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    lrs.isUp = false;
    await ask(classmate, activity.id, 'Refuse this question');
    await ask(classmate, activity.id, 'Do you like cheese?');
    await waitForFailedSend(ofActivity);
    lrs.isUp = true;
    lrs.received = [];
    lrs.isBad = (statement) => statement.result?.response === 'Refuse this question';
    try {
      // The refused statement is the oldest: it goes first, in the same batch as the others.
      await db.execute(
        sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`,
      );
      expect(await drainXapiOutbox(db, { endpoint: lrsUrl, auth: undefined })).toEqual({
        sent: 2,
        refused: 1,
        failed: 0,
      });
    } finally {
      lrs.isBad = () => false;
    }
    const rows = await db.execute<{
      verb: string;
      is_sent: boolean;
      is_refused: boolean;
      last_error: string | null;
    }>(sql`
      select statement->'verb'->'display'->>'en-US' as verb, sent_at is not null as is_sent,
        refused_at is not null as is_refused, last_error
      from learning_xapi_outbox where ${ofActivity} order by created_at, verb`);
    expect(
      rows.rows.map(({ verb, is_sent, is_refused }) => ({ verb, is_sent, is_refused })),
    ).toEqual([
      { verb: 'asked', is_sent: false, is_refused: true },
      { verb: 'asked', is_sent: true, is_refused: false },
      { verb: 'completed', is_sent: true, is_refused: false },
    ]);
    expect(rows.rows[0]!.last_error).toBe(
      'LRS answered 400: {"message":"Statement refused: bad response"}',
    );
    expect(
      lrs.received
        .flatMap((batch) => batch.statements)
        .map((statement) => statement.verb.display['en-US'])
        .sort(),
    ).toEqual(['asked', 'completed']);
    // A refused statement is never sent again, and never blocks what comes after it.
    lrs.received = [];
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await expect
      .poll(() => lrs.received.flatMap((batch) => batch.statements).length, { timeout: 10_000 })
      .toBe(2);
    expect(
      lrs.received
        .flatMap((batch) => batch.statements)
        .map((statement) => statement.result?.response),
    ).not.toContain('Refuse this question');
  });

  it('keeps statements waiting, not refused, while the LRS rejects its credentials', async () => {
    const activity = await createActivity({
      title: 'Wrong LRS key',
      studentIds: [classmateId],
      rule: { questionsAsked: 5 },
    });
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    lrs.isUp = false;
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await waitForFailedSend(ofActivity);
    lrs.isUp = true;
    const due = sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`;
    await db.execute(due);
    expect(await drainXapiOutbox(db, { endpoint: lrsUrl, auth: WRONG_LRS_AUTH })).toEqual({
      sent: 0,
      refused: 0,
      failed: 2,
    });
    const waiting = await db.execute<{ is_refused: boolean; last_error: string }>(
      sql`select refused_at is not null as is_refused, last_error from learning_xapi_outbox
          where ${ofActivity}`,
    );
    expect(waiting.rows).toEqual([
      { is_refused: false, last_error: 'LRS answered 401: {"message":"Unknown key"}' },
      { is_refused: false, last_error: 'LRS answered 401: {"message":"Unknown key"}' },
    ]);
    // The key fixed, they go.
    await db.execute(due);
    expect(await drainXapiOutbox(db, { endpoint: lrsUrl, auth: 'Basic bHJzOnNlY3JldA==' })).toEqual(
      { sent: 2, refused: 0, failed: 0 },
    );
  });

  it('holds no lock or transaction while the LRS answers, and two drains never send one row twice', async () => {
    const activity = await createActivity({
      title: 'Slow LRS',
      studentIds: [classmateId],
      rule: { questionsAsked: 5 },
    });
    const { db } = studio.database;
    const ofActivity = sql`statement::text like ${`%${activity.id}%`}`;
    lrs.isUp = false;
    await ask(classmate, activity.id, 'Is anyone there?');
    await waitForFailedSend(ofActivity);
    lrs.isUp = true;
    lrs.received = [];
    let release = () => {};
    lrs.hold = new Promise<void>((resolve) => (release = resolve));
    await db.execute(
      sql`update learning_xapi_outbox set next_attempt_at = now() where ${ofActivity}`,
    );
    const settings = { endpoint: lrsUrl, auth: undefined };
    const slow = drainXapiOutbox(db, settings);
    try {
      await expect
        .poll(
          async () =>
            (
              await db.execute<{ is_leased: boolean }>(
                sql`select bool_and(next_attempt_at > now()) as is_leased from learning_xapi_outbox
                    where ${ofActivity}`,
              )
            ).rows[0]?.is_leased,
          { timeout: 10_000 },
        )
        .toBe(true);
      // While the request waits for the LRS, the row is not locked by the sender...
      const locked = await db.transaction(async (tx) =>
        tx.execute(sql`select id from learning_xapi_outbox where ${ofActivity} for update nowait`),
      );
      expect(locked.rows).toHaveLength(1);
      // ...and a second drain leaves it to the first (its lease).
      expect(await drainXapiOutbox(db, settings)).toEqual({ sent: 0, refused: 0, failed: 0 });
    } finally {
      release();
      lrs.hold = null;
    }
    expect(await slow).toEqual({ sent: 1, refused: 0, failed: 0 });
    expect(lrs.received.flatMap((batch) => batch.statements)).toHaveLength(1);
  });

  it('queues "completed" once when editing the rule completes a student', async () => {
    const fields = {
      title: 'Completed by an edit',
      storyfileIds: [storyfile.id],
      studentIds: [classmateId],
    };
    const activity = await createActivity({ ...fields, rule: { questionsAsked: 3 } });
    const { db } = studio.database;
    lrs.isUp = true;
    lrs.received = [];
    await ask(classmate, activity.id, RECORDED_QUESTIONS[0]!.text);
    await ask(classmate, activity.id, 'Do you like cheese?');
    const completedRows = async () =>
      (
        await db.execute<{ timestamp: string }>(sql`
          select statement->>'timestamp' as timestamp from learning_xapi_outbox
          where statement->'verb'->>'id' = 'http://adlnet.gov/expapi/verbs/completed'
            and statement->'object'->>'id' like ${`%${activity.id}`}`)
      ).rows;
    expect(await completedRows()).toEqual([]);
    const edit = (rule: Record<string, number>, title = fields.title) =>
      owner.expectStatus(200, 'PUT', `/v1/conversa/learning/activities/${activity.id}`, {
        ...fields,
        title,
        rule,
      });
    await edit({ questionsAsked: 2 });
    const roster = await rosterOf(activity.id);
    expect(roster['grace@school.test']!.state).toBe('completed');
    expect(await completedRows()).toEqual([
      { timestamp: roster['grace@school.test']!.completedAt },
    ]);
    // Saving again, or asking more, does not queue it twice.
    await edit({ questionsAsked: 2 }, 'Completed by an edit, renamed');
    await ask(classmate, activity.id, 'Anything else?');
    expect(await completedRows()).toHaveLength(1);
    const sentCompleted = () =>
      lrs.received
        .flatMap((batch) => batch.statements)
        .filter((statement) => statement.verb.display['en-US'] === 'completed');
    await expect.poll(() => sentCompleted().length, { timeout: 10_000 }).toBe(1);
    expect(sentCompleted()[0]!.object.id).toBe(
      `${studio.config.publicUrl}/learning/activities/${activity.id}`,
    );
  });
});
