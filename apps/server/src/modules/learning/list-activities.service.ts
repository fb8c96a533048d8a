import { sql } from 'drizzle-orm';
import type { Activity, CurrentUser, ProgressState } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { uuidArray } from '../lists/index.ts';
import { selectActivities } from './activities.query.ts';
import { assertLearningOrganization, getLearningOrganizationIds } from './learning-access.ts';
import { queryStateCounts } from './state-counts.query.ts';

export async function listActivities(
  db: Database,
  user: CurrentUser,
  query: { organizationId?: string | undefined; includeArchived: boolean },
): Promise<(Activity & { counts: Partial<Record<ProgressState, number>> })[]> {
  const organizations = getLearningOrganizationIds(user);
  if (query.organizationId !== undefined) {
    await assertLearningOrganization(db, user, query.organizationId);
  }
  const inOrganizations =
    query.organizationId !== undefined
      ? sql`a.namespace_id = ${query.organizationId}`
      : organizations === 'all'
        ? sql`true`
        : sql`a.namespace_id = any(${uuidArray(organizations)})`;
  const archived = query.includeArchived ? sql`true` : sql`a.archived_at is null`;
  const activities = await selectActivities(db, sql`${inOrganizations} and ${archived}`);
  // The states are counted by PostgreSQL (one statement for every activity of the page).
  const counts = await queryStateCounts(
    db,
    activities.map((activity) => activity.id),
  );
  return activities.map((activity) => ({ ...activity, counts: counts.get(activity.id) ?? {} }));
}
