import { sql } from 'drizzle-orm';
import {
  buildRoleCatalogue,
  getHighestScope,
  type CurrentUser,
  type GrantableScope,
  type RoleCatalogueEntry,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { getOwnedOrganizationIds } from './access.ts';
import { uuidArray } from './list-helpers.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

/** The catalogue from the rules module, with how many people hold each role where the viewer owns. */
export async function getRoleCatalogue(
  db: Database,
  user: CurrentUser,
): Promise<RoleCatalogueEntry[]> {
  const owned = getOwnedOrganizationIds(user);
  const rows = await db.execute<{
    scope: GrantableScope;
    team_scopes: (GrantableScope | null)[];
    is_admin: boolean;
  }>(sql`
    select un.scope, u.is_admin,
      array(select t.scope from team_members tm join teams t on t.id = tm.team_id
        where tm.user_id = un.user_id and t.namespace_id = un.namespace_id) as team_scopes
    from ${userNamespaces} un join ${users} u on u.id = un.user_id
    where u.deleted_at is null and un.suspended_at is null
    ${owned === 'all' ? sql`` : sql`and un.namespace_id = any(${uuidArray(owned)})`}`);
  const counts = new Map<string, number>();
  for (const row of rows.rows) {
    const scope = getHighestScope([row.scope, ...row.team_scopes]) ?? row.scope;
    counts.set(scope, (counts.get(scope) ?? 0) + 1);
  }
  const admins = await db.execute<{ count: number }>(
    sql`select count(*)::int as count from ${users} where is_admin and deleted_at is null`,
  );
  counts.set('super_admin', Number(admins.rows[0]?.count ?? 0));
  return buildRoleCatalogue().map((entry) => ({
    ...entry,
    memberCount: counts.get(entry.scope) ?? 0,
  }));
}
