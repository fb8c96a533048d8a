import { sql, type SQL } from 'drizzle-orm';
import { MAX_RULE_COUNT, MAX_RULE_MINUTES, type ProgressState } from '@conversa/contracts';
import { buildNaturalOrder, uuidArray, type Executor } from '../lists/index.ts';
import type { AttemptFigures } from './progress.ts';
import { chatLogEntries, conversations } from '../conversations/conversations.tables.ts';
import { storyfileQuestions } from '../storyfiles/storyfiles.tables.ts';
import { topics } from '../library/library.tables.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { teamMembers, teams } from '../accounts/accounts.tables.ts';
import { users } from '../users/users.tables.ts';

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

/** Fills `learning_progress` from the chat log for attempts matching `where` (no row there yet). */
export async function rebuildProgressSummaries(db: Executor, where: SQL = sql`true`) {
  await db.execute(sql`
    insert into learning_progress (activity_id, student_id, questions_asked, question_times,
      answer_ids, answer_times, topics, seconds, minute_times, first_at, last_at)
    ${summariesFromChatLog(where)}`);
}

/**
 * The figures of every assigned student (directly or through a team, still an active member of the
 * activity's organization) in the given activities, as one SELECT over one summary row per
 * student and activity. The summary does not depend on the rule: each criterion is met at the
 * Nth time kept for it (the Nth question, the Nth different answer, the last of the rule's topics,
 * the Nth minute), so editing a rule recomputes progress on read with nothing to migrate. Each
 * row also carries the activity's due date, so `stateSql` can name its state.
 */
function figuresSql(activityIds: string[], studentId?: string): SQL {
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
function stateSql(now: Date): SQL {
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

const toFigures = (row: RawRow): FiguresRow => ({
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

/**
 * How many assigned students each activity has in each state, aggregated in the database: one
 * statement for the whole activities page, nothing per student leaves PostgreSQL.
 */
export async function queryStateCounts(
  db: Executor,
  activityIds: string[],
  now = new Date(),
): Promise<Map<string, Partial<Record<ProgressState, number>>>> {
  const counts = new Map<string, Partial<Record<ProgressState, number>>>();
  if (activityIds.length === 0) {
    return counts;
  }
  const result = await db.execute<{ activity_id: string; state: ProgressState; count: number }>(
    stateCountsSql(activityIds, now),
  );
  for (const row of result.rows) {
    const entry = counts.get(row.activity_id) ?? {};
    entry[row.state] = Number(row.count);
    counts.set(row.activity_id, entry);
  }
  return counts;
}

/** The statement of `queryStateCounts` (the benchmark times it directly too). */
export function stateCountsSql(activityIds: string[], now: Date): SQL {
  return sql`
    with f as materialized (${figuresSql(activityIds)})
    select f.activity_id, ${stateSql(now)} as state, count(*)::int as count
    from f join ${users} u on u.id = f.student_id and u.deleted_at is null
    group by 1, 2`;
}

export interface RosterPageRequest {
  search: SQL | undefined;
  page: number;
  pageSize: number;
}

export interface RosterStudentRow extends FiguresRow {
  email: string;
  firstName: string | null;
  lastName: string | null;
  teamIds: string[];
}

/** A student's name as the spec's display rule has it: first and last name, else the email. */
export const STUDENT_NAME_SQL = sql`coalesce(nullif(trim(concat_ws(' ', nullif(u.first_name, ''),
  nullif(u.last_name, ''))), ''), u.email)`;

/**
 * One page of an activity's roster in ONE statement: the page's students (sorted by name, spec
 * §5 sorting) with their figures, how many match the search, and the count in each state of every
 * assigned student. Only the page's rows leave the database.
 */
export function rosterPageSql(activityId: string, request: RosterPageRequest, now: Date): SQL {
  const order = sql.join(buildNaturalOrder(sql`r.name`, 'asc'), sql`, `);
  return sql`
    with f as materialized (${figuresSql([activityId])}),
    r as materialized (
      select f.*, ${stateSql(now)} as state, u.email, u.first_name, u.last_name,
        ${STUDENT_NAME_SQL} as name
      from f join ${users} u on u.id = f.student_id and u.deleted_at is null
    ),
    matched as (
      select r.*, row_number() over (order by ${order}, r.student_id) as position
      from r where ${request.search ?? sql`true`}
    )
    select
      (select count(*)::int from matched) as total,
      (select coalesce(json_object_agg(state, n), '{}') from (
        select state, count(*)::int as n from r group by state) c) as counts,
      (select coalesce(json_agg(json_build_object(
          'activity_id', m.activity_id, 'student_id', m.student_id,
          'questions_asked', m.questions_asked, 'distinct_answers', m.distinct_answers,
          'topics_covered', m.topics_covered, 'seconds', m.seconds,
          'first_at', m.first_at, 'last_at', m.last_at,
          'questions_met_at', m.questions_met_at, 'answers_met_at', m.answers_met_at,
          'topics_met_at', m.topics_met_at, 'minutes_met_at', m.minutes_met_at,
          'email', m.email, 'first_name', m.first_name, 'last_name', m.last_name,
          'team_ids', coalesce((select array_agg(tm.team_id::text order by tm.team_id)
            from ${teamMembers} tm join ${teams} t on t.id = tm.team_id
            where tm.user_id = m.student_id and t.namespace_id = (select namespace_id
              from learning_activities where id = ${activityId})), '{}')
        ) order by m.position), '[]')
        from matched m
        where m.position > ${(request.page - 1) * request.pageSize}
          and m.position <= ${request.page * request.pageSize}) as rows`;
}

type RosterJsonRow = RawRow & {
  email: string;
  first_name: string | null;
  last_name: string | null;
  team_ids: string[];
};

/** Runs `rosterPageSql`: the page's rows with their figures, the matching total and the counts. */
export async function queryRosterPage(
  db: Executor,
  activityId: string,
  request: RosterPageRequest,
  now = new Date(),
): Promise<{
  rows: RosterStudentRow[];
  total: number;
  counts: Partial<Record<ProgressState, number>>;
}> {
  const result = await db.execute<{
    total: number;
    counts: Partial<Record<ProgressState, number>>;
    rows: RosterJsonRow[];
  }>(rosterPageSql(activityId, request, now));
  const row = result.rows[0]!;
  return {
    total: Number(row.total),
    counts: row.counts,
    rows: row.rows.map((raw) => ({
      ...toFigures(raw),
      email: raw.email,
      firstName: raw.first_name,
      lastName: raw.last_name,
      teamIds: raw.team_ids,
    })),
  };
}
