import { sql } from 'drizzle-orm';
import { uuidArray, type Executor } from '../lists/index.ts';
import type { AttemptFigures } from './progress.ts';

export interface FiguresRow extends AttemptFigures {
  activityId: string;
  studentId: string;
}

type RawRow = {
  activity_id: string;
  student_id: string;
  questions_asked: number;
  distinct_answers: number;
  topics_covered: number;
  seconds: number;
  first_at: Date | string | null;
  last_at: Date | string | null;
  questions_met_at: Date | string | null;
  answers_met_at: Date | string | null;
  topics_met_at: Date | string | null;
  minutes_met_at: Date | string | null;
};

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

/**
 * The figures of every assigned student (directly or through a team, still an active member of the
 * activity's organization) in the given activities, from their logged exchanges, in ONE statement.
 * Progress is computed on read, so editing a rule recomputes it with nothing to migrate. Minutes
 * are each conversation's span (its start to its last exchange), summed; the minutes criterion is
 * met at the first exchange where that running sum reaches the target.
 */
export async function queryAttemptFigures(
  db: Executor,
  activityIds: string[],
  studentId?: string,
): Promise<FiguresRow[]> {
  if (activityIds.length === 0) {
    return [];
  }
  const ids = uuidArray(activityIds);
  const onlyStudent = studentId === undefined ? sql`true` : sql`t.student_id = ${studentId}`;
  const onlyAssigned = studentId === undefined ? sql`true` : sql`s.user_id = ${studentId}`;
  const result = await db.execute<RawRow>(sql`
    with act as (
      select id, namespace_id, rule from learning_activities where id = any(${ids})
    ),
    students as (
      select distinct a.id as activity_id, coalesce(la.user_id, tm.user_id) as user_id
      from act a
      join learning_assignments la on la.activity_id = a.id
      left join team_members tm on tm.team_id = la.team_id
      join user_namespaces un on un.user_id = coalesce(la.user_id, tm.user_id)
        and un.namespace_id = a.namespace_id and un.suspended_at is null
        and un.scope = 'restricted:ns'
    ),
    entries as (
      select t.activity_id, t.student_id, e.conversation_id, c.started_at, e.created_at,
        e.decision, e.answer_question_id, sq.storyfile_topic_id
      from learning_attempts t
      join chat_log_entries e on e.conversation_id = t.conversation_id
      join conversations c on c.id = t.conversation_id
      left join storyfile_questions sq on sq.id = e.answer_question_id
      where t.activity_id = any(${ids}) and ${onlyStudent}
    ),
    conv as (
      select activity_id, student_id, conversation_id, started_at,
        extract(epoch from max(created_at) - started_at)::float8 as span
      from entries group by 1, 2, 3, 4
    ),
    conv_prior as (
      select *, coalesce(sum(span) over (
        partition by activity_id, student_id order by started_at, conversation_id
        rows between unbounded preceding and 1 preceding), 0) as prior
      from conv
    ),
    per_entry as (
      select e.*, cp.prior + extract(epoch from e.created_at - e.started_at)::float8 as running
      from entries e join conv_prior cp using (activity_id, student_id, conversation_id)
    ),
    first_answers as (
      select activity_id, student_id, answer_question_id, storyfile_topic_id,
        min(created_at) as first_at
      from entries where decision = 'answered' and answer_question_id is not null
      group by 1, 2, 3, 4
    ),
    answers as (
      select fa.activity_id, fa.student_id, count(*)::int as distinct_answers,
        (array_agg(fa.first_at order by fa.first_at))[(a.rule->>'distinctAnswers')::int] as met_at
      from first_answers fa join act a on a.id = fa.activity_id
      group by fa.activity_id, fa.student_id, a.rule
    ),
    topics as (
      select fa.activity_id, fa.student_id, count(distinct fa.storyfile_topic_id)::int as covered,
        case when count(distinct fa.storyfile_topic_id) = jsonb_array_length(a.rule->'topicIds')
          then max(fa.first_at) end as met_at
      from (
        select activity_id, student_id, storyfile_topic_id, min(first_at) as first_at
        from first_answers group by 1, 2, 3
      ) fa
      join act a on a.id = fa.activity_id
      where a.rule ? 'topicIds'
        and fa.storyfile_topic_id::text in (select jsonb_array_elements_text(a.rule->'topicIds'))
      group by fa.activity_id, fa.student_id, a.rule
    ),
    asked as (
      select pe.activity_id, pe.student_id, count(*)::int as questions_asked,
        min(pe.created_at) as first_at, max(pe.created_at) as last_at,
        (array_agg(pe.created_at order by pe.created_at))[(a.rule->>'questionsAsked')::int]
          as questions_met_at,
        min(pe.created_at) filter (where pe.running >= (a.rule->>'minutes')::float8 * 60)
          as minutes_met_at
      from per_entry pe join act a on a.id = pe.activity_id
      group by pe.activity_id, pe.student_id, a.rule
    ),
    spans as (
      select activity_id, student_id, sum(span)::float8 as seconds from conv group by 1, 2
    )
    select s.activity_id, s.user_id as student_id,
      coalesce(q.questions_asked, 0) as questions_asked,
      coalesce(an.distinct_answers, 0) as distinct_answers,
      coalesce(tp.covered, 0) as topics_covered,
      coalesce(sp.seconds, 0) as seconds,
      q.first_at, q.last_at, q.questions_met_at, an.met_at as answers_met_at,
      tp.met_at as topics_met_at, q.minutes_met_at
    from students s
    left join asked q on q.activity_id = s.activity_id and q.student_id = s.user_id
    left join answers an on an.activity_id = s.activity_id and an.student_id = s.user_id
    left join topics tp on tp.activity_id = s.activity_id and tp.student_id = s.user_id
    left join spans sp on sp.activity_id = s.activity_id and sp.student_id = s.user_id
    where ${onlyAssigned}`);
  return result.rows.map((row) => ({
    activityId: row.activity_id,
    studentId: row.student_id,
    questionsAsked: Number(row.questions_asked),
    distinctAnswers: Number(row.distinct_answers),
    topicsCovered: Number(row.topics_covered),
    seconds: Number(row.seconds),
    firstAt: toDate(row.first_at),
    lastAt: toDate(row.last_at),
    questionsMetAt: toDate(row.questions_met_at),
    answersMetAt: toDate(row.answers_met_at),
    topicsMetAt: toDate(row.topics_met_at),
    minutesMetAt: toDate(row.minutes_met_at),
  }));
}
