import { and, eq, sql, type SQL } from 'drizzle-orm';
import { MAX_ALTERNATES_PER_QUESTION, RECORD_QUEUE_TOPIC_NAME } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { storyfileQuestions, storyfileTopics } from './storyfiles.tables.ts';

// The script edits training's review applies and undoes: alternates moved between questions and a
// question queued to record. Each takes the caller's transaction (the review action commits with
// them) and leaves ordering and locking to it.

type Writer = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * Queues a question to record (creating it under the record-queue topic when the storyfile does not
 * have it yet). Answers its id and whether it was created.
 */
export async function queueQuestionToRecord(
  tx: Writer,
  input: {
    storyfileId: string;
    text: string;
    textKey: string;
    alternates: string[];
    userIam: string;
  },
): Promise<{ questionId: string; isCreated: boolean }> {
  const { storyfileId } = input;
  const [existing] = await tx
    .select({ id: storyfileQuestions.id })
    .from(storyfileQuestions)
    .where(
      and(
        eq(storyfileQuestions.storyfileId, storyfileId),
        eq(storyfileQuestions.textKey, input.textKey),
      ),
    );
  if (existing) {
    await tx
      .update(storyfileQuestions)
      .set({ queuedToRecordAt: sql`coalesce(${storyfileQuestions.queuedToRecordAt}, now())` })
      .where(eq(storyfileQuestions.id, existing.id));
    return { questionId: existing.id, isCreated: false };
  }
  let [topic] = await tx
    .select({ id: storyfileTopics.id })
    .from(storyfileTopics)
    .where(
      and(
        eq(storyfileTopics.storyfileId, storyfileId),
        sql`lower(${storyfileTopics.name}) = lower(${RECORD_QUEUE_TOPIC_NAME})`,
      ),
    );
  if (!topic) {
    [topic] = await tx
      .insert(storyfileTopics)
      .values({
        storyfileId,
        name: RECORD_QUEUE_TOPIC_NAME,
        position: sql`(select coalesce(max(position) + 1, 0) from ${storyfileTopics} where storyfile_id = ${storyfileId})`,
        createdBy: input.userIam,
        updatedBy: input.userIam,
      })
      .returning({ id: storyfileTopics.id });
  }
  const [created] = await tx
    .insert(storyfileQuestions)
    .values({
      storyfileId,
      storyfileTopicId: topic!.id,
      text: input.text,
      textKey: input.textKey,
      alternates: input.alternates,
      position: sql`(select coalesce(max(position) + 1, 0) from ${storyfileQuestions} where storyfile_topic_id = ${topic!.id})`,
      queuedToRecordAt: sql`now()`,
      createdBy: input.userIam,
      updatedBy: input.userIam,
    })
    .returning({ id: storyfileQuestions.id });
  return { questionId: created!.id, isCreated: true };
}

/** A question's text and alternates, locked for the caller's transaction. */
export async function lockQuestionAlternates(
  tx: Writer,
  questionId: string,
): Promise<{ text: string; alternates: string[] } | undefined> {
  const [question] = await tx
    .select({ alternates: storyfileQuestions.alternates, text: storyfileQuestions.text })
    .from(storyfileQuestions)
    .where(eq(storyfileQuestions.id, questionId))
    .for('update');
  return question;
}

export async function setQuestionAlternates(
  tx: Writer,
  input: { questionId: string; alternates: string[]; userIam: string },
): Promise<void> {
  await tx
    .update(storyfileQuestions)
    .set({ alternates: input.alternates, updatedAt: sql`now()`, updatedBy: input.userIam })
    .where(eq(storyfileQuestions.id, input.questionId));
}

/** Removes phrasings from competing answers of a storyfile, in one statement. */
export async function removeAlternates(
  tx: Writer,
  input: {
    storyfileId: string;
    removed: readonly { questionId: string; text: string }[];
    userIam: string;
  },
): Promise<void> {
  await tx.execute(sql`
    update ${storyfileQuestions} q
    set alternates = array(select a from unnest(q.alternates) a where a <> all(r.texts)),
      updated_at = now(), updated_by = ${input.userIam}
    from (select question_id, array_agg(text) as texts
          from unnest(${sql.param(input.removed.map((item) => item.questionId))}::uuid[],
            ${sql.param(input.removed.map((item) => item.text))}::text[])
            as t(question_id, text)
          group by question_id) r
    where q.id = r.question_id and q.storyfile_id = ${input.storyfileId}`);
}

/** Gives a phrasing back to a question, unless it has it already or has no room left. */
export async function restoreAlternate(
  tx: Writer,
  input: { questionId: string; text: string; userIam: string },
): Promise<void> {
  await tx
    .update(storyfileQuestions)
    .set({
      alternates: sql`array_append(${storyfileQuestions.alternates}, ${input.text})`,
      updatedAt: sql`now()`,
      updatedBy: input.userIam,
    })
    .where(
      and(
        eq(storyfileQuestions.id, input.questionId),
        sql`not (${input.text} = any(${storyfileQuestions.alternates}))`,
        sql`cardinality(${storyfileQuestions.alternates}) < ${MAX_ALTERNATES_PER_QUESTION}`,
      ),
    );
}

/**
 * Takes a question off the record queue. With `deleteIf`, it goes altogether when it still has no
 * recorded answer and that condition (on its row, e.g. "no clip of media's") holds in the same
 * statement; the questions after it in its topic close the gap. Recorded, it stays.
 */
export async function unqueueQuestion(
  tx: Writer,
  input: { questionId: string; deleteIf?: SQL },
): Promise<void> {
  if (input.deleteIf) {
    const [deleted] = await tx
      .delete(storyfileQuestions)
      .where(
        and(
          eq(storyfileQuestions.id, input.questionId),
          sql`${storyfileQuestions.answerRecordedAt} is null`,
          input.deleteIf,
        ),
      )
      .returning({
        topicId: storyfileQuestions.storyfileTopicId,
        position: storyfileQuestions.position,
      });
    if (deleted) {
      await tx.execute(sql`update ${storyfileQuestions} set position = position - 1
        where storyfile_topic_id = ${deleted.topicId} and position > ${deleted.position}`);
    }
  }
  await tx
    .update(storyfileQuestions)
    .set({ queuedToRecordAt: null })
    .where(eq(storyfileQuestions.id, input.questionId));
}

/**
 * Removes the record-queue topic ("From visitors") that a review action created, once undoing it
 * left the topic empty (issue 68: undo removed the question and left the topic behind). Created by
 * the action: in its transaction, so at the very time it was recorded (`createdAt`, PostgreSQL's
 * transaction time); a topic of that name an author made, or one that holds questions, stays.
 * The topics after it close the gap.
 */
export async function removeEmptyRecordQueueTopic(
  tx: Writer,
  input: { storyfileId: string; createdAt: Date },
): Promise<void> {
  const [deleted] = await tx
    .delete(storyfileTopics)
    .where(
      and(
        eq(storyfileTopics.storyfileId, input.storyfileId),
        sql`lower(${storyfileTopics.name}) = lower(${RECORD_QUEUE_TOPIC_NAME})`,
        // Read back in JavaScript, the action's time keeps milliseconds; PostgreSQL microseconds.
        sql`date_trunc('milliseconds', ${storyfileTopics.createdAt}) = ${input.createdAt.toISOString()}::timestamptz`,
        sql`not exists (select 1 from ${storyfileQuestions} q where q.storyfile_topic_id = ${storyfileTopics.id})`,
      ),
    )
    .returning({ position: storyfileTopics.position });
  if (deleted) {
    await tx.execute(sql`update ${storyfileTopics} set position = position - 1
      where storyfile_id = ${input.storyfileId} and position > ${deleted.position}`);
  }
}
