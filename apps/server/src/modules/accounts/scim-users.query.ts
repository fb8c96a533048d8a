import { sql } from 'drizzle-orm';
import { getDisplayName, SCIM_USER_SCHEMA } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import type { ScimClient } from '../../http/gateway.ts';
import type { Executor } from './list-helpers.ts';
import {
  buildLocation,
  buildMeta,
  isResourceId,
  parseScimFilter,
  readPaging,
} from './scim-protocol.ts';
import { listScimResources, loadScimResource } from './scim-resources.query.ts';
import { isSharedAccountSql, selectSeenNamesSql } from './scim-identities.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

// SCIM reads of an organization's members: the list with its filter and paging, and one member,
// in the User resource shape (RFC 7643 §4.1).

/** A member as the SCIM queries read them. */
export type UserRow = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  suspended_at: Date | string | null;
  /** Also someone else's account: a platform admin, or a member of another organization. */
  is_shared: boolean;
  created_at: Date | string;
  updated_at: Date | string;
  external_id: string | null;
  user_name: string | null;
  groups: { id: string; name: string }[];
};

const SELECT_USERS = (organizationId: string) => sql`
  select u.id, u.email, ${selectSeenNamesSql(organizationId)}, ${isSharedAccountSql(organizationId)} as is_shared,
    un.suspended_at, un.created_at,
    greatest(un.updated_at, u.updated_at) as updated_at, x.external_id, x.user_name,
    coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
      from team_members tm join teams t on t.id = tm.team_id
      where tm.user_id = u.id and t.namespace_id = un.namespace_id), '[]'::json) as groups
  from ${userNamespaces} un
  join ${users} u on u.id = un.user_id and u.deleted_at is null
  left join scim_identities x on x.namespace_id = un.namespace_id
    and x.resource_type = 'User' and x.resource_id = un.user_id
  where un.namespace_id = ${organizationId}`;

function present(baseUrl: string, row: UserRow) {
  const name = { firstName: row.first_name, lastName: row.last_name, email: row.email };
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    userName: row.user_name ?? row.email,
    name: {
      ...(row.first_name ? { givenName: row.first_name } : {}),
      ...(row.last_name ? { familyName: row.last_name } : {}),
      formatted: getDisplayName(name),
    },
    displayName: getDisplayName(name),
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.suspended_at === null,
    groups: row.groups.map((group) => ({
      value: group.id,
      display: group.name,
      $ref: buildLocation(baseUrl, 'Groups', group.id),
    })),
    meta: buildMeta(baseUrl, 'User', row.id, row.created_at, row.updated_at),
  };
}

const USER_FILTERS = ['username', 'externalid', 'id', 'emails.value', 'emails'];

export async function listScimUsers(
  db: Database,
  client: ScimClient,
  baseUrl: string,
  query: {
    filter?: string | undefined;
    startIndex?: number | undefined;
    count?: number | undefined;
  },
) {
  const filter = parseScimFilter(query.filter, USER_FILTERS);
  const paging = readPaging(query);
  let condition = sql`true`;
  if (filter?.attribute === 'externalid') {
    condition = sql`x.external_id = ${filter.value}`;
  } else if (filter?.attribute === 'id') {
    condition = isResourceId(filter.value) ? sql`u.id = ${filter.value}` : sql`false`;
  } else if (filter) {
    // userName is the email unless the provider sent another name (kept in scim_identities).
    condition =
      filter.attribute === 'username'
        ? sql`lower(coalesce(x.user_name, u.email)) = lower(${filter.value})`
        : sql`lower(u.email) = lower(${filter.value})`;
  }
  return listScimResources<UserRow>(
    db,
    SELECT_USERS(client.organizationId),
    condition,
    paging,
    (row) => present(baseUrl, row),
  );
}

export async function loadUser(db: Executor, client: ScimClient, id: string): Promise<UserRow> {
  return loadScimResource<UserRow>(db, 'User', SELECT_USERS(client.organizationId), sql`u.id`, id);
}

export async function getScimUser(db: Database, client: ScimClient, baseUrl: string, id: string) {
  return present(baseUrl, await loadUser(db, client, id));
}
