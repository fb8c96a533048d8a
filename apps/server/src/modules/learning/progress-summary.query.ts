import { sql, type SQL } from 'drizzle-orm';
import { MAX_RULE_COUNT, MAX_RULE_MINUTES } from '@conversa/contracts';
import type { Executor } from '../lists/index.ts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { topics } from '../library/library.tables.ts';

/**
 * Keeps the student's summary (`learning_progress`) with one exchange just logged, in the
 * exchange's transaction, and links its conversation to the activity. The summary holds times, not
 * verdicts: the question's time; the answer's, if it is the first time this answer is heard; its
 * topic's, if that topic is new; and the conversation's span grows by the time since its previous
 * exchange (or its start), with the time recorded for each whole minute this reaches.
 */
export async function recordProgress(
  db: Executor,
  attempt: { activityId: string; studentId: string; conversationId: string; exchangeId: string },
): Promise<void> {
  const { activityId, studentId, conversationId, exchangeId } = attempt;
  await db.execute(sql`
    with attempt as (
      insert into learning_attempts (conversation_id, activity_id, student_id)
      values (${conversationId}, ${activityId}, ${studentId})
      on conflict (conversation_id) do nothing
    )
    insert into learning_progress (activity_id, student_id)
    values (${activityId}, ${studentId})
    on conflict (activity_id, student_id) do nothing`);
  await db.execute(sql`
    with ex as (
      select e.created_at,
        case when e.decision = 'answered' then e.answer_question_id end as answer_id,
        case when e.decision = 'answered' then sq.storyfile_topic_id::text end as topic_id,
        extract(epoch from e.created_at - greatest(c.started_at, (
          select max(p.created_at) from ${chatLogEntries} p
          where p.conversation_id = e.conversation_id and p.id <> e.id)))::float8 as added
      from ${chatLogEntries} e
      join ${conversations} c on c.id = e.conversation_id
      left join ${storyfileQuestions} sq on sq.id = e.answer_question_id
      where e.id = ${exchangeId}
    )
    update learning_progress p set
      questions_asked = p.questions_asked + 1,
      question_times = case when cardinality(p.question_times) < ${MAX_RULE_COUNT}
        then p.question_times || ex.created_at else p.question_times end,
      answer_ids = case when ex.answer_id is not null and not ex.answer_id = any(p.answer_ids)
        then p.answer_ids || ex.answer_id else p.answer_ids end,
      answer_times = case when ex.answer_id is not null and not ex.answer_id = any(p.answer_ids)
        then p.answer_times || ex.created_at else p.answer_times end,
      topics = case when ex.topic_id is not null and not p.topics ? ex.topic_id
        then p.topics || jsonb_build_object(ex.topic_id, ex.created_at) else p.topics end,
      seconds = p.seconds + greatest(ex.added, 0),
      minute_times = p.minute_times || array_fill(ex.created_at, array[greatest(0,
        least(${MAX_RULE_MINUTES}, floor((p.seconds + greatest(ex.added, 0)) / 60)::int)
        - cardinality(p.minute_times))]),
      first_at = least(p.first_at, ex.created_at),
      last_at = greatest(p.last_at, ex.created_at)
    from ex
    where p.activity_id = ${activityId} and p.student_id = ${studentId}`);
}

/**
 * The summaries as `recordProgress` keeps them, computed from the chat log instead (same
 * definitions): the migration that added `learning_progress` filled it with this statement, the
 * benchmark seeds with it, and a test checks that what the asks kept equals it.
 */
export function summariesFromChatLog(where: SQL = sql`true`): SQL {
  return sql`
    with entries as (
      select t.activity_id, t.student_id, e.id, e.conversation_id, e.created_at,
        case when e.decision = 'answered' then e.answer_question_id end as answer_id,
        case when e.decision = 'answered' then sq.storyfile_topic_id end as topic_id,
        greatest(0, extract(epoch from e.created_at - greatest(c.started_at, lag(e.created_at)
          over (partition by e.conversation_id order by e.created_at, e.id)))::float8) as added
      from learning_attempts t
      join ${chatLogEntries} e on e.conversation_id = t.conversation_id
      join ${conversations} c on c.id = t.conversation_id
      left join ${storyfileQuestions} sq on sq.id = e.answer_question_id
      where ${where}
    ),
    running as (
      select *, sum(added) over (partition by activity_id, student_id
        order by created_at, id) as seconds_then
      from entries
    ),
    asked as (
      select activity_id, student_id, count(*)::int as questions_asked,
        (array_agg(created_at order by created_at, id))[1:${MAX_RULE_COUNT}] as question_times,
        max(seconds_then) as seconds, min(created_at) as first_at, max(created_at) as last_at
      from running group by 1, 2
    ),
    answers as (
      select activity_id, student_id, array_agg(answer_id order by first_at, answer_id) as ids,
        array_agg(first_at order by first_at, answer_id) as times
      from (select activity_id, student_id, answer_id, min(created_at) as first_at
        from entries where answer_id is not null group by 1, 2, 3) f
      group by 1, 2
    ),
    topics as (
      select activity_id, student_id, jsonb_object_agg(topic_id::text, first_at) as topics
      from (select activity_id, student_id, topic_id, min(created_at) as first_at
        from entries where topic_id is not null group by 1, 2, 3) f
      group by 1, 2
    ),
    minutes as (
      -- Each exchange holds the whole minutes its conversation time crossed (one pass, no search).
      select activity_id, student_id, array_agg(created_at order by k) as times
      from (select *, coalesce(lag(seconds_then) over (partition by activity_id, student_id
          order by created_at, id), 0) as seconds_before from running) r
      cross join lateral generate_series(floor(r.seconds_before / 60)::int + 1,
        least(${MAX_RULE_MINUTES}, floor(r.seconds_then / 60)::int)) k
      group by 1, 2
    )
    select a.activity_id, a.student_id, a.questions_asked, a.question_times,
      coalesce(an.ids, '{}') as answer_ids, coalesce(an.times, '{}') as answer_times,
      coalesce(tp.topics, '{}') as topics, a.seconds,
      coalesce(m.times, '{}') as minute_times, a.first_at, a.last_at
    from asked a
    left join answers an using (activity_id, student_id)
    left join ${topics} tp using (activity_id, student_id)
    left join minutes m using (activity_id, student_id)`;
}
