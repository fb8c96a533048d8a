import { sql, type SQL } from 'drizzle-orm';
import { uuidArray, type Executor } from '../lists/index.ts';
import type { AttemptFigures } from './progress.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { teamMembers } from '../accounts/accounts.tables.ts';

export interface FiguresRow extends AttemptFigures {
  activityId: string;
  studentId: string;
}

export type RawRow = {
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
 * activity's organization) in the given activities, as one SELECT over one summary row per
 * student and activity. The summary does not depend on the rule: each criterion is met at the
 * Nth time kept for it (the Nth question, the Nth different answer, the last of the rule's topics,
 * the Nth minute), so editing a rule recomputes progress on read with nothing to migrate. Each
 * row also carries the activity's due date, so `stateSql` can name its state.
 */
export function figuresSql(activityIds: string[], studentId?: string): SQL {
  const ids = uuidArray(activityIds);
  const onlyAssigned = studentId === undefined ? sql`true` : sql`s.user_id = ${studentId}`;
  const onlyProgress = studentId === undefined ? sql`true` : sql`p.student_id = ${studentId}`;
  // The rule's targets are read out of its JSON once per activity, not once per student.
  return sql`
    with act as materialized (
      select id, namespace_id, due_at,
        (rule->>'questionsAsked')::int as questions_target,
        (rule->>'distinctAnswers')::int as answers_target,
        (rule->>'minutes')::int as minutes_target,
        case when rule ? 'topicIds' then array(select jsonb_array_elements_text(rule->'topicIds'))
          end as topic_ids
      from learning_activities where id = any(${ids})
    ),
    students as (
      select a.id as activity_id, la.user_id
      from act a
      join learning_assignments la on la.activity_id = a.id and la.user_id is not null
      join ${userNamespaces} un on un.user_id = la.user_id
        and un.namespace_id = a.namespace_id and un.suspended_at is null
        and un.scope = 'restricted:ns'
      union
      select a.id, tm.user_id
      from act a
      join learning_assignments la on la.activity_id = a.id and la.team_id is not null
      join ${teamMembers} tm on tm.team_id = la.team_id
      join ${userNamespaces} un on un.user_id = tm.user_id
        and un.namespace_id = a.namespace_id and un.suspended_at is null
        and un.scope = 'restricted:ns'
    ),
    -- The activities' summaries, read once and joined by hash (not looked up student by student),
    -- narrowed to what the rule asks: the Nth time of each criterion, topics only for a rule
    -- with topics.
    progress as materialized (
      select p.activity_id, p.student_id, p.questions_asked,
        cardinality(p.answer_ids) as distinct_answers, p.seconds, p.first_at, p.last_at,
        p.question_times[a.questions_target] as questions_met_at,
        p.answer_times[a.answers_target] as answers_met_at,
        p.minute_times[a.minutes_target] as minutes_met_at,
        case when a.topic_ids is not null then (select count(distinct topic)::int
          from unnest(a.topic_ids) topic where p.topics ? topic) end as topics_covered,
        case when a.topic_ids is not null then (select max((p.topics->>topic)::timestamptz)
          from unnest(a.topic_ids) topic) end as topics_last_at
      from learning_progress p join act a on a.id = p.activity_id
      where p.activity_id = any(${ids}) and ${onlyProgress}
    )
    select s.activity_id, s.user_id as student_id, a.due_at,
      a.questions_target, a.answers_target, a.minutes_target, a.topic_ids,
      coalesce(p.questions_asked, 0) as questions_asked,
      coalesce(p.distinct_answers, 0) as distinct_answers,
      coalesce(p.topics_covered, 0) as topics_covered,
      coalesce(p.seconds, 0) as seconds,
      p.first_at, p.last_at, p.questions_met_at, p.answers_met_at, p.minutes_met_at,
      case when p.topics_covered = cardinality(a.topic_ids) then p.topics_last_at end
        as topics_met_at
    from students s
    join act a on a.id = s.activity_id
    left join progress p on p.activity_id = s.activity_id and p.student_id = s.user_id
    where ${onlyAssigned}`;
}

/**
 * The state of a row of `figuresSql` (aliased `f`), in SQL, as `computeProgress` decides it:
 * completed when every criterion of the rule is met (at the latest of their times), late when
 * completed after the due date or not completed by `now`, in progress after the first question,
 * else not started. Times are compared to the millisecond, as JavaScript's dates hold them.
 */
export function stateSql(now: Date): SQL {
  const ms = (expression: SQL) => sql`date_trunc('milliseconds', ${expression})`;
  const isComplete = sql`((f.questions_target is not null or f.answers_target is not null
      or f.topic_ids is not null or f.minutes_target is not null)
    and (f.questions_target is null or f.questions_met_at is not null)
    and (f.answers_target is null or f.answers_met_at is not null)
    and (f.topic_ids is null or f.topics_met_at is not null)
    and (f.minutes_target is null or f.minutes_met_at is not null))`;
  const completedAt = sql`greatest(f.questions_met_at, f.answers_met_at, f.topics_met_at,
    f.minutes_met_at)`;
  return sql`case
    when ${isComplete} then case when f.due_at is not null
      and ${ms(completedAt)} > ${ms(sql`f.due_at`)} then 'late' else 'completed' end
    when f.due_at is not null and ${now.toISOString()}::timestamptz > ${ms(sql`f.due_at`)}
      then 'late'
    when f.questions_asked > 0 then 'in_progress'
    else 'not_started' end`;
}

export const toFigures = (row: RawRow): FiguresRow => ({
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
});

/** The figures of every assigned student in the given activities, in ONE statement. */
export async function queryAttemptFigures(
  db: Executor,
  activityIds: string[],
  studentId?: string,
): Promise<FiguresRow[]> {
  if (activityIds.length === 0) {
    return [];
  }
  const result = await db.execute<RawRow>(figuresSql(activityIds, studentId));
  return result.rows.map(toFigures);
}
