// bench:learning's data (bench/learning.ts): one organization with the learning module, 1,000
// students, 10 activities and 200,000 logged exchanges, written by set-based SQL.
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { dialect } from './figures.ts';
import { summariesFromChatLog } from '../../src/modules/learning/progress-summary.query.ts';

export const ORGANIZATION = 'bench-learning';
export const STUDENTS = 1_000;
export const ACTIVITIES = 10;
/** Activities 1..5 are assigned student by student, 6..10 to one class holding every student. */
export const DIRECT_ACTIVITIES = 5;
export const EXCHANGES_PER_ATTEMPT = 20;
export const TOPICS = 5;
export const QUESTIONS_PER_TOPIC = 10;

/**
 * Seeds with set-based inserts. Progress varies by student: some never started, most are part of
 * the way, a share completed (some after the due date, so "late" is counted too).
 */
export async function seed(client: pg.ClientBase): Promise<void> {
  const step = async (label: string, text: string) => {
    const started = performance.now();
    const result = await client.query(text);
    console.log(
      `  ${label}: ${result.rowCount ?? 0} rows in ${Math.round(performance.now() - started)} ms`,
    );
  };
  // The generated rows are consistent by construction; skipping per-row foreign-key triggers
  // halves the seeding time. It needs superuser rights (the embedded PostgreSQL has them).
  await client.query(`set session_replication_role = replica`).catch(() => {
    console.log('  (no superuser: foreign keys are checked row by row)');
  });
  await step(
    'organization',
    `insert into namespaces (label, attributes)
     values ('${ORGANIZATION}', '{"LEARNING_MODULE": true}'::jsonb)`,
  );
  const organization = `(select id from namespaces where label = '${ORGANIZATION}')`;
  await step(
    'storyfile',
    `insert into storyfiles (namespace_id, name, status)
     values (${organization}, 'The engineer', 'published')`,
  );
  const storyfile = `(select id from storyfiles where name = 'The engineer' and namespace_id = ${organization})`;
  await step(
    'storyfile topics',
    `insert into storyfile_topics (storyfile_id, name, position)
     select ${storyfile}, 'Topic ' || t, t from generate_series(0, ${TOPICS - 1}) t`,
  );
  await step(
    'storyfile questions',
    `insert into storyfile_questions
       (storyfile_id, storyfile_topic_id, text, text_key, position, answer_recorded_at)
     select st.storyfile_id, st.id, 'Question ' || st.position || '.' || p || '?',
       'question ' || st.position || '.' || p || '?', p, now()
     from storyfile_topics st cross join generate_series(0, ${QUESTIONS_PER_TOPIC - 1}) p
     where st.storyfile_id = ${storyfile}`,
  );
  await step(
    'students',
    `insert into users (email, first_name, last_name)
     select 'student' || lpad(n::text, 4, '0') || '@bench.test', 'Student', 'Number ' || n
     from generate_series(1, ${STUDENTS}) n`,
  );
  await step(
    'memberships',
    `insert into user_namespaces (user_id, namespace_id, scope)
     select id, ${organization}, 'restricted:ns' from users where email like 'student%@bench.test'`,
  );
  await step('class', `insert into teams (namespace_id, name) values (${organization}, 'Class')`);
  await step(
    'class members',
    `insert into team_members (team_id, user_id)
     select (select id from teams where namespace_id = ${organization}), id
     from users where email like 'student%@bench.test'`,
  );
  // Rules of every kind, one due date in the middle of the seeded exchanges.
  await step(
    'activities',
    `insert into learning_activities (namespace_id, title, rule, due_at, created_at)
     select ${organization}, 'Activity ' || n,
       (array['{"questionsAsked": 15}', '{"distinctAnswers": 12}',
              '{"questionsAsked": 10, "minutes": 5}', '{"topicIds": []}',
              '{"questionsAsked": 18, "distinctAnswers": 10}'])[1 + n % 5]::jsonb,
       case when n % 2 = 0 then now() - interval '12 hours' end,
       now() - make_interval(days => n)
     from generate_series(1, ${ACTIVITIES}) n`,
  );
  // The topic rule names two of the storyfile's topics.
  await client.query(
    `update learning_activities set rule = jsonb_build_object('topicIds',
       (select jsonb_agg(id) from (select id from storyfile_topics
         where storyfile_id = ${storyfile} order by position limit 2) t))
     where rule ? 'topicIds'`,
  );
  await step(
    'activity storyfiles',
    `insert into learning_activity_storyfiles (activity_id, storyfile_id, position)
     select id, ${storyfile}, 0 from learning_activities`,
  );
  await step(
    'assignments',
    `insert into learning_assignments (activity_id, user_id)
     select a.id, u.id from learning_activities a
     cross join users u
     where u.email like 'student%@bench.test'
       and substring(a.title from 10)::int <= ${DIRECT_ACTIVITIES}`,
  );
  await step(
    'class assignments',
    `insert into learning_assignments (activity_id, team_id)
     select a.id, (select id from teams where namespace_id = ${organization})
     from learning_activities a where substring(a.title from 10)::int > ${DIRECT_ACTIVITIES}`,
  );
  // One conversation per student and activity, started within the last two days.
  await step(
    'conversations',
    `insert into conversations (storyfile_id, channel, visitor_key, started_at, last_at)
     select ${storyfile}, 'studio', 'learning:' || a.id || ':' || u.id,
       now() - make_interval(mins => (abs(hashtext(a.id::text || u.id::text)) % 2880)),
       now()
     from learning_activities a cross join users u where u.email like 'student%@bench.test'`,
  );
  await step(
    'attempts',
    `insert into learning_attempts (conversation_id, activity_id, student_id)
     select c.id, split_part(c.visitor_key, ':', 2)::uuid, split_part(c.visitor_key, ':', 3)::uuid
     from conversations c where c.visitor_key like 'learning:%'`,
  );
  // 20 exchanges per conversation, 40 seconds apart; 1 in 6 a fallback; answers spread over the
  // 50 questions so the distinct-answer and topic rules are met by some and not others.
  await step(
    'exchanges',
    `insert into chat_log_entries (conversation_id, storyfile_id, channel, question_text,
       input_mode, decision, fallback_reason, answer_question_id, answer_question_text, created_at)
     select c.id, c.storyfile_id, 'studio', 'Question ' || i || '?', 'typed',
       case when (i + k) % 6 = 0 then 'fallback' else 'answered' end,
       case when (i + k) % 6 = 0 then 'off-topic' end,
       case when (i + k) % 6 <> 0 then q.id end,
       case when (i + k) % 6 <> 0 then q.text end,
       c.started_at + make_interval(secs => i * 40)
     from (select id, storyfile_id, started_at, abs(hashtext(id::text)) % 1000 as k
           from conversations where visitor_key like 'learning:%') c
     cross join generate_series(1, ${EXCHANGES_PER_ATTEMPT}) i
     join lateral (select id, text from storyfile_questions sq
       where sq.storyfile_id = c.storyfile_id
       order by sq.position, sq.id offset ((i * (1 + c.k % 3) + c.k) % ${TOPICS * QUESTIONS_PER_TOPIC}) limit 1) q on true`,
  );
  // The progress summaries the asks would have kept, from the chat log (the migration's backfill).
  const summaries = dialect.sqlToQuery(
    sql`insert into learning_progress (activity_id, student_id, questions_asked, question_times,
      answer_ids, answer_times, topics, seconds, minute_times, first_at, last_at)
    ${summariesFromChatLog()}`,
  );
  const started = performance.now();
  const filled = await client.query(summaries.sql, summaries.params);
  console.log(
    `  progress summaries: ${filled.rowCount ?? 0} rows in ${Math.round(performance.now() - started)} ms`,
  );
  await client.query(`set session_replication_role = origin`).catch(() => undefined);
  await client.query('analyze');
}
