import { sql } from 'drizzle-orm';
import {
  ACTIVITY_NOT_FOUND_MESSAGE,
  type Activity,
  type CurrentUser,
  type ProgressState,
  type RosterPageRow,
  getListPageCount,
  type rosterQuerySchema,
} from '@conversa/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { buildSearchCondition, type SearchFieldSql } from '../lists/index.ts';
import { formatDisplayName } from '../users/index.ts';
import { selectActivities } from './activities.query.ts';
import { assertActivityOrganization } from './learning-access.ts';
import { computeProgress } from './progress.ts';
import { queryRosterPage } from './roster-page.query.ts';
import { queryRosterRatings } from './roster-ratings.query.ts';

type RosterListQuery = z.output<typeof rosterQuerySchema>;
type RosterSearchField = RosterListQuery['searchOptions'][number];

/** Search fields of the roster (spec §5 search) as SQL over the roster's `r` rows. */
const ROSTER_SEARCH_FIELDS: Record<RosterSearchField, SearchFieldSql> = {
  name: (pattern) => sql`r.name ilike ${pattern}`,
  email: (pattern) => sql`r.email ilike ${pattern}`,
};

/**
 * An activity and one page of its roster. The activity and the roster are read side by side (two
 * statements on two connections); the roster is only returned once the activity is known to be
 * the user's to see.
 */
export async function getActivityWithRoster(
  db: Database,
  user: CurrentUser,
  activityId: string,
  query: RosterListQuery,
  now = new Date(),
): Promise<{
  activity: Activity;
  roster: RosterPageRow[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  counts: Partial<Record<ProgressState, number>>;
}> {
  const search = buildSearchCondition(
    query.search,
    query.searchOptions.map((field) => ROSTER_SEARCH_FIELDS[field]),
  );
  const request = { search, page: query.page, pageSize: query.pageSize };
  const [[activity], rosterPage] = await Promise.all([
    selectActivities(db, sql`a.id = ${activityId}`),
    queryRosterPage(db, activityId, request, now),
  ]);
  if (!activity) {
    throw notFound(ACTIVITY_NOT_FOUND_MESSAGE);
  }
  await assertActivityOrganization(db, user, activity);
  const ratings = await queryRosterRatings(
    db,
    activityId,
    rosterPage.rows.map((row) => row.studentId),
  );
  const roster = rosterPage.rows.map((row) => ({
    student: {
      id: row.studentId,
      email: row.email,
      name: formatDisplayName(row),
      teamIds: row.teamIds,
    },
    progress: computeProgress(
      activity.rule,
      activity.dueAt === null ? null : new Date(activity.dueAt),
      row,
      now,
    ),
    ratings: ratings.get(row.studentId) ?? { up: 0, down: 0 },
  }));
  return {
    activity,
    roster,
    page: query.page,
    pageSize: query.pageSize,
    total: rosterPage.total,
    pageCount: getListPageCount(rosterPage.total, query.pageSize),
    counts: rosterPage.counts,
  };
}
