import { sql, type SQL } from 'drizzle-orm';
import type { ProgressState } from '@conversa/contracts';
import { buildNaturalOrder, type Executor } from '../lists/index.ts';
import {
  figuresSql,
  stateSql,
  toFigures,
  type FiguresRow,
  type RawRow,
} from './attempt-figures.query.ts';
import { teamMembers, teams } from '../accounts/accounts.tables.ts';
import { displayNameSql } from '../users/index.ts';
import { users } from '../users/users.tables.ts';

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
        ${displayNameSql('u')} as name
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
