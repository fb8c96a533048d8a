import { sql, type SQL } from 'drizzle-orm';
import {
  getDisplayName,
  getHighestScope,
  MEMBER_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type GrantableScope,
  type ListMembersQuery,
  type Member,
  type MemberStatus,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { displayNameSql } from '../users/index.ts';
import { users } from '../users/users.tables.ts';
import { notFound } from '../../http/errors.ts';
import { getOwnedOrganizationIds } from './access.ts';
import {
  buildNaturalOrder,
  buildPageLimit,
  buildPlainOrder,
  buildSearchCondition,
  joinConditions,
  runListQueries,
  toIsoTimestampOrNull,
  uuidArray,
  type Executor,
  type ListPage,
} from './list-helpers.ts';

type MemberRow = {
  kind: 'member' | 'invitation';
  id: string;
  namespace_id: string;
  namespace_label: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  scope: GrantableScope;
  status: MemberStatus;
  is_admin: boolean;
  last_sign_in_at: Date | string | null;
};

const DISPLAY_NAME = displayNameSql();

function buildMembersSource(owned: 'all' | string[]): SQL {
  const scope = owned === 'all' ? sql`true` : sql`n.id = any(${uuidArray(owned)})`;
  return sql`(
    select 'member' as kind, u.id::text as id, n.id as namespace_id, n.label as namespace_label,
      u.first_name, u.last_name, u.email, un.scope,
      case when un.suspended_at is null then 'active' else 'suspended' end as status,
      u.is_admin, u.last_sign_in_at
    from ${userNamespaces} un
    join ${users} u on u.id = un.user_id and u.deleted_at is null
    join ${namespaces} n on n.id = un.namespace_id
    where ${scope}
    union all
    select 'invitation', i.id::text, n.id, n.label, null, null, i.email, i.scope, 'invited', false, null
    from invitations i join ${namespaces} n on n.id = i.namespace_id
    where i.status = 'pending' and i.expires_at > now() and ${scope}
  ) as m`;
}

type TeamLink = {
  user_id: string;
  namespace_id: string;
  id: string;
  name: string;
  scope: GrantableScope | null;
};

async function loadTeams(db: Executor, userIds: string[]): Promise<TeamLink[]> {
  if (userIds.length === 0) {
    return [];
  }
  const result = await db.execute<TeamLink>(sql`
    select tm.user_id, t.namespace_id, t.id, t.name, t.scope
    from team_members tm join teams t on t.id = tm.team_id
    where tm.user_id = any(${uuidArray(userIds)}) order by lower(t.name)`);
  return result.rows;
}

function presentMember(row: MemberRow, teams: TeamLink[]): Member {
  const own = teams.filter(
    (team) => team.user_id === row.id && team.namespace_id === row.namespace_id,
  );
  return {
    id: row.id,
    kind: row.kind,
    organizationId: row.namespace_id,
    organizationLabel: row.namespace_label,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    displayName: getDisplayName({
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
    }),
    scope: row.scope,
    effectiveScope: getHighestScope([row.scope, ...own.map((team) => team.scope)]) ?? row.scope,
    teams: own.map((team) => ({ id: team.id, name: team.name })),
    status: row.status,
    isAdmin: row.is_admin,
    lastSignInAt: toIsoTimestampOrNull(row.last_sign_in_at),
  };
}

/** Members and invited people of the organizations the viewer owns, §5 search, paged in SQL. */
export async function listMembers(
  db: Database,
  user: CurrentUser,
  query: ListMembersQuery,
): Promise<ListPage<Member>> {
  const owned = getOwnedOrganizationIds(user);
  if (query.organizationId && owned !== 'all' && !owned.includes(query.organizationId)) {
    return { items: [], page: query.page, pageSize: query.pageSize, total: 0, pageCount: 1 };
  }
  const source = buildMembersSource(owned);
  const fields = query.searchOptions.map((field) =>
    field === 'name'
      ? (pattern: string) => sql`${DISPLAY_NAME} ilike ${pattern}`
      : (pattern: string) => sql`email ilike ${pattern}`,
  );
  const where = joinConditions([
    query.organizationId ? sql`namespace_id = ${query.organizationId}` : undefined,
    query.status ? sql`status = ${query.status}` : undefined,
    query.scope ? sql`scope = ${query.scope}` : undefined,
    buildSearchCondition(query.search, fields),
  ]);
  const orderBy =
    query.sort === 'lastSignInAt'
      ? buildPlainOrder(sql`last_sign_in_at`, query.order)
      : buildNaturalOrder(query.sort === 'email' ? sql`email` : DISPLAY_NAME, query.order);
  const page = await runListQueries<MemberRow, MemberRow>(
    db,
    {
      count: sql`select count(*)::int as total from ${source} where ${where}`,
      page: sql`select * from ${source} where ${where}
        order by ${sql.join([...orderBy, sql`namespace_label`, sql`id`], sql`, `)} ${buildPageLimit(query)}`,
    },
    query,
    (row) => row,
  );
  const teams = await loadTeams(
    db,
    page.items.filter((row) => row.kind === 'member').map((row) => row.id),
  );
  return { ...page, items: page.items.map((row) => presentMember(row, teams)) };
}

export async function getMember(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<Member> {
  const result = await db.execute<MemberRow>(sql`
    select * from ${buildMembersSource([organizationId])}
    where kind = 'member' and id = ${userId}`);
  const row = result.rows[0];
  if (!row) {
    throw notFound(MEMBER_NOT_FOUND_MESSAGE);
  }
  return presentMember(row, await loadTeams(db, [userId]));
}
