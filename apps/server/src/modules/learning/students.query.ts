import { sql } from 'drizzle-orm';
import type { Student } from '@conversa/contracts';
import { uuidArray, type Executor } from '../lists/index.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { teamMembers, teams } from '../accounts/accounts.tables.ts';
import { formatDisplayName } from '../users/index.ts';
import { users } from '../users/users.tables.ts';

/** Students by id: name per the spec's display rule (first and last name, else email). */
export async function selectStudents(
  db: Executor,
  organizationId: string,
  userIds: string[] | 'all',
): Promise<Student[]> {
  const only = userIds === 'all' ? sql`true` : sql`u.id = any(${uuidArray(userIds)})`;
  const result = await db.execute<{
    id: string;
    email: string;
    first_name: string | null;
    last_name: string | null;
    team_ids: string[];
  }>(sql`
    select u.id, u.email, u.first_name, u.last_name,
      coalesce((select array_agg(tm.team_id::text order by tm.team_id) from ${teamMembers} tm
        join ${teams} t on t.id = tm.team_id
        where tm.user_id = u.id and t.namespace_id = ${organizationId}), '{}') as team_ids
    from ${userNamespaces} un join ${users} u on u.id = un.user_id
    where un.namespace_id = ${organizationId} and un.scope = 'restricted:ns'
      and u.deleted_at is null and ${only}
    order by lower(u.email)`);
  return result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: formatDisplayName({
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
    }),
    teamIds: row.team_ids,
  }));
}
