// SCIM Groups (RFC 7643 §4.2): a Group is a team of the token's organization; its members are
// the organization's members. A team's scope is the owners' to set on the Teams screen: SCIM
// never changes it, so a provider cannot grant roles through a group.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDisplayName, SCIM_GROUP_SCHEMA, teamNameSchema } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { teamMembers, teams } from './accounts.tables.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { assertOwnerRemains, lockOrganization } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { isUniqueViolation, uuidArray, type Executor } from './list-helpers.ts';
import {
  assertResourceSchemas,
  buildListResponse,
  buildLocation,
  buildMeta,
  isResourceId,
  parseScimFilter,
  readPatchOperations,
  readPaging,
  readText,
  scimBadRequest,
  ScimError,
  scimNotFound,
} from './scim-protocol.ts';
import { clearScimIdentity, selectSeenNamesSql, setScimIdentity } from './scim-identities.ts';
import { scimActor } from './scim-users.service.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

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
  const source = sql`(${SELECT_GROUPS(client.organizationId)} and ${condition}) as s`;
  const [count, page] = await Promise.all([
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${source}`),
    paging.count === 0
      ? Promise.resolve({ rows: [] as GroupRow[] })
      : db.execute<GroupRow>(
          sql`select * from ${source} order by created_at, id limit ${paging.count} offset ${paging.offset}`,
        ),
  ]);
  const withMembers = wantsMembers(query);
  return buildListResponse(
    page.rows.map((row) => present(baseUrl, row, withMembers)),
    Number(count.rows[0]?.total ?? 0),
    paging.startIndex,
  );
}

async function loadGroup(db: Executor, client: ScimClient, id: string): Promise<GroupRow> {
  if (!isResourceId(id)) {
    throw scimNotFound('Group', id);
  }
  const result = await db.execute<GroupRow>(
    sql`${SELECT_GROUPS(client.organizationId)} and t.id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) {
    throw scimNotFound('Group', id);
  }
  return row;
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

function readDisplayName(value: unknown): string {
  const parsed = teamNameSchema.safeParse(typeof value === 'string' ? value : '');
  if (!parsed.success) {
    throw scimBadRequest(
      'invalidValue',
      '"displayName" must be a team name of 1 to 200 characters.',
    );
  }
  return parsed.data;
}

/** Member ids of a `members` value: [{ "value": "<user id>" }, ...]. */
function readMemberIds(value: unknown): string[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return list.map((member) => {
    const id = (member as { value?: unknown } | null)?.value;
    if (typeof id !== 'string') {
      throw scimBadRequest('invalidValue', 'Each member needs a "value": the id of a User.');
    }
    return id;
  });
}

interface GroupChange {
  name?: string;
  externalId?: string | null;
  /** The whole member list (PUT, replace of members). */
  members?: string[];
  add: string[];
  remove: string[];
  removeAll?: boolean;
}

function readGroupBody(body: Record<string, unknown>): GroupChange & { name: string } {
  assertResourceSchemas(body, SCIM_GROUP_SCHEMA);
  return {
    name: readDisplayName(body.displayName),
    externalId: readText(body.externalId, 'externalId', 500),
    members: readMemberIds(body.members),
    add: [],
    remove: [],
  };
}

// Okta removes one member with the path `members[value eq "<id>"]`.
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

function readGroupPatch(body: Record<string, unknown>): GroupChange {
  const change: GroupChange = { add: [], remove: [] };
  for (const { op, path, value } of readPatchOperations(body)) {
    const attribute = path?.toLowerCase();
    const memberMatch = path ? MEMBER_PATH.exec(path) : null;
    if (memberMatch) {
      if (op !== 'remove') {
        throw scimBadRequest('invalidPath', 'Add members with the path "members".');
      }
      change.remove.push(memberMatch[1]!);
    } else if (attribute === 'members') {
      if (op === 'add') {
        change.add.push(...readMemberIds(value));
      } else if (op === 'remove') {
        // Entra ID names the members in the value; no value removes them all (RFC 7644 §3.5.2.2).
        if (value === undefined) {
          change.removeAll = true;
        } else {
          change.remove.push(...readMemberIds(value));
        }
      } else {
        change.members = readMemberIds(value);
        change.add = [];
        change.remove = [];
      }
    } else if (attribute === 'displayname') {
      if (op === 'remove') {
        throw new ScimError(400, 'mutability', '"displayName" is required and cannot be removed.');
      }
      change.name = readDisplayName(value);
    } else if (attribute === 'externalid') {
      change.externalId = op === 'remove' ? null : readText(value, 'externalId', 500);
    } else if (attribute === undefined) {
      // Okta: {"op": "replace", "value": {"id": "...", "displayName": "..."}}.
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        throw scimBadRequest('invalidValue', `An "${op}" without a path needs an object value.`);
      }
      const fields = value as Record<string, unknown>;
      if ('displayName' in fields) {
        change.name = readDisplayName(fields.displayName);
      }
      if ('externalId' in fields) {
        change.externalId = readText(fields.externalId, 'externalId', 500);
      }
      if ('members' in fields) {
        if (op === 'add') {
          change.add.push(...readMemberIds(fields.members));
        } else {
          change.members = readMemberIds(fields.members);
        }
      }
    } else {
      throw scimBadRequest('invalidPath', `A Group has no attribute "${path}" to change.`);
    }
  }
  return change;
}

type Member = { id: string; email: string; first_name: string | null; last_name: string | null };

/** The organization's members among these ids; any other id is refused (400 invalidValue). */
async function loadMembers(tx: Executor, client: ScimClient, ids: string[]): Promise<Member[]> {
  const unique = [...new Set(ids)];
  const invalid = unique.filter((id) => !isResourceId(id));
  const result =
    unique.length === invalid.length
      ? { rows: [] as Member[] }
      : await tx.execute<Member>(sql`
          select u.id, u.email, ${selectSeenNamesSql(client.organizationId)} from ${userNamespaces} un
          join ${users} u on u.id = un.user_id and u.deleted_at is null
          where un.namespace_id = ${client.organizationId}
            and un.user_id = any(${uuidArray(unique.filter(isResourceId))})`);
  const missing = unique.filter((id) => !result.rows.some((row) => row.id === id));
  if (missing.length > 0) {
    throw scimBadRequest(
      'invalidValue',
      `Not a User of this organization: ${missing.join(', ')}. Provision the person first.`,
    );
  }
  return result.rows;
}

const NAME_TAKEN = 'A team with this displayName already exists in the organization.';

/** Applies a change to a team in one transaction; every member change is audited, owners stay. */
async function applyGroupChange(tx: Executor, client: ScimClient, id: string, change: GroupChange) {
  await lockOrganization(tx, client.organizationId);
  const current = await loadGroup(tx, client, id);
  const actor = scimActor(client);
  const organization = { id: client.organizationId, label: client.organizationLabel };
  if (change.name !== undefined && change.name !== current.name) {
    try {
      await tx
        .update(teams)
        .set({ name: change.name, updatedAt: new Date() })
        .where(eq(teams.id, id));
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ScimError(409, 'uniqueness', NAME_TAKEN);
      }
      throw error;
    }
    await recordAuditEvent(tx, actor, {
      organization,
      action: 'team.renamed',
      targetType: 'team',
      targetId: id,
      targetLabel: change.name,
      before: { name: current.name },
      after: { name: change.name },
    });
  }
  const held = new Set(current.members.map((member) => member.id));
  let wanted = new Set(change.removeAll ? [] : held);
  if (change.members !== undefined) {
    wanted = new Set(change.members);
  }
  for (const memberId of change.add) {
    wanted.add(memberId);
  }
  for (const memberId of change.remove) {
    wanted.delete(memberId);
  }
  const added = [...wanted].filter((memberId) => !held.has(memberId));
  const removed = [...held].filter((memberId) => !wanted.has(memberId));
  const addedMembers = await loadMembers(tx, client, added);
  if (added.length > 0) {
    await tx.insert(teamMembers).values(added.map((userId) => ({ teamId: id, userId })));
  }
  if (removed.length > 0) {
    await tx
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, id), inArray(teamMembers.userId, removed)));
  }
  const name = change.name ?? current.name;
  for (const member of addedMembers) {
    await recordAuditEvent(tx, actor, {
      organization,
      action: 'team.member_added',
      targetType: 'team',
      targetId: id,
      targetLabel: name,
      before: null,
      after: { member: member.email },
    });
  }
  for (const member of current.members.filter((entry) => removed.includes(entry.id))) {
    await recordAuditEvent(tx, actor, {
      organization,
      action: 'team.member_removed',
      targetType: 'team',
      targetId: id,
      targetLabel: name,
      before: { member: member.email },
      after: null,
    });
  }
  if (change.externalId !== undefined && change.externalId !== current.external_id) {
    await setScimIdentity(tx, client, 'Group', id, { externalId: change.externalId });
  }
  // A team may carry the owner scope: taking someone out of it must leave an owner.
  await assertOwnerRemains(tx, client.organizationId);
}

/** POST /Groups: a new team without a scope (owners grant one on the Teams screen). */
export async function createScimGroup(
  db: Database,
  client: ScimClient,
  baseUrl: string,
  body: Record<string, unknown>,
) {
  const change = readGroupBody(body);
  const id = await db.transaction(async (tx) => {
    await lockOrganization(tx, client.organizationId);
    let teamId: string;
    try {
      const [row] = await tx
        .insert(teams)
        .values({ namespaceId: client.organizationId, name: change.name, scope: null })
        .returning({ id: teams.id });
      teamId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ScimError(409, 'uniqueness', NAME_TAKEN);
      }
      throw error;
    }
    await recordAuditEvent(tx, scimActor(client), {
      organization: { id: client.organizationId, label: client.organizationLabel },
      action: 'team.created',
      targetType: 'team',
      targetId: teamId,
      targetLabel: change.name,
      before: null,
      after: { name: change.name, scope: null, source: 'scim' },
    });
    const { name: _created, ...rest } = change;
    await applyGroupChange(tx, client, teamId, rest);
    return teamId;
  });
  return getScimGroup(db, client, baseUrl, id);
}

/** PUT /Groups/:id: displayName, members and externalId as the body gives them. */
export async function replaceScimGroup(
  db: Database,
  client: ScimClient,
  baseUrl: string,
  id: string,
  body: Record<string, unknown>,
) {
  const change = readGroupBody(body);
  await db.transaction((tx) => applyGroupChange(tx, client, id, change));
  return getScimGroup(db, client, baseUrl, id);
}

/** PATCH /Groups/:id with a PatchOp: rename, members add/remove/replace (Okta and Entra ID). */
export async function patchScimGroup(
  db: Database,
  client: ScimClient,
  baseUrl: string,
  id: string,
  body: Record<string, unknown>,
) {
  const change = readGroupPatch(body);
  await db.transaction((tx) => applyGroupChange(tx, client, id, change));
  return getScimGroup(db, client, baseUrl, id);
}

/** DELETE /Groups/:id: the team goes; its members stay in the organization. */
export async function deleteScimGroup(db: Database, client: ScimClient, id: string): Promise<null> {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, client.organizationId);
    const current = await loadGroup(tx, client, id);
    await tx.delete(teams).where(eq(teams.id, id));
    await clearScimIdentity(tx, client, 'Group', id);
    await recordAuditEvent(tx, scimActor(client), {
      organization: { id: client.organizationId, label: client.organizationLabel },
      action: 'team.deleted',
      targetType: 'team',
      targetId: id,
      targetLabel: current.name,
      before: { name: current.name, scope: current.scope, members: current.members.length },
      after: null,
    });
    await assertOwnerRemains(tx, client.organizationId);
  });
  return null;
}
