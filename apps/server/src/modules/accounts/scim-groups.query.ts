import { sql } from 'drizzle-orm';
import { getDisplayName, SCIM_GROUP_SCHEMA } from '@conversa/contracts';
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
import { selectSeenNamesSql } from './scim-identities.ts';
import { users } from '../users/users.tables.ts';

// SCIM reads of an organization's teams: the list with its filter and paging, and one team, in
// the Group resource shape (RFC 7643 §4.2).

type GroupRow = {
  id: string;
  name: string;
  scope: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  external_id: string | null;
  members: { id: string; firstName: string | null; lastName: string | null; email: string }[];
};

const SELECT_GROUPS = (organizationId: string) => sql`
  select t.id, t.name, t.scope, t.created_at, t.updated_at, x.external_id,
    coalesce((select json_agg(json_build_object('id', u.id, 'firstName', u.first_name,
        'lastName', u.last_name, 'email', u.email) order by lower(u.email))
      from team_members tm join (select u.id, u.email, u.deleted_at, ${selectSeenNamesSql(organizationId)}
        from ${users} u) u on u.id = tm.user_id
      where tm.team_id = t.id and u.deleted_at is null), '[]'::json) as members
  from teams t
  left join scim_identities x on x.namespace_id = t.namespace_id
    and x.resource_type = 'Group' and x.resource_id = t.id
  where t.namespace_id = ${organizationId}`;

/** `excludedAttributes=members` (Entra ID asks so) leaves the member list out. */
function wantsMembers(query: { excludedAttributes?: string | undefined }): boolean {
  return !(query.excludedAttributes ?? '')
    .split(',')
    .some((name) => name.trim().toLowerCase() === 'members');
}

function present(baseUrl: string, row: GroupRow, withMembers = true) {
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: row.id,
    ...(row.external_id ? { externalId: row.external_id } : {}),
    displayName: row.name,
    ...(withMembers
      ? {
          members: row.members.map((member) => ({
            value: member.id,
            display: getDisplayName(member),
            type: 'User',
            $ref: buildLocation(baseUrl, 'Users', member.id),
          })),
        }
      : {}),
    meta: buildMeta(baseUrl, 'Group', row.id, row.created_at, row.updated_at),
  };
}

export async function listScimGroups(
  db: Database,
  client: ScimClient,
  baseUrl: string,
  query: {
    filter?: string | undefined;
    startIndex?: number | undefined;
    count?: number | undefined;
    excludedAttributes?: string | undefined;
  },
) {
  const filter = parseScimFilter(query.filter, ['displayname', 'externalid', 'id']);
  const paging = readPaging(query);
  let condition = sql`true`;
  if (filter?.attribute === 'displayname') {
    condition = sql`lower(t.name) = lower(${filter.value})`;
  } else if (filter?.attribute === 'externalid') {
    condition = sql`x.external_id = ${filter.value}`;
  } else if (filter) {
    condition = isResourceId(filter.value) ? sql`t.id = ${filter.value}` : sql`false`;
  }
  const withMembers = wantsMembers(query);
  return listScimResources<GroupRow>(
    db,
    SELECT_GROUPS(client.organizationId),
    condition,
    paging,
    (row) => present(baseUrl, row, withMembers),
  );
}

export async function loadGroup(db: Executor, client: ScimClient, id: string): Promise<GroupRow> {
  return loadScimResource<GroupRow>(
    db,
    'Group',
    SELECT_GROUPS(client.organizationId),
    sql`t.id`,
    id,
  );
}

export async function getScimGroup(
  db: Database,
  client: ScimClient,
  baseUrl: string,
  id: string,
  query: { excludedAttributes?: string | undefined } = {},
) {
  return present(baseUrl, await loadGroup(db, client, id), wantsMembers(query));
}
