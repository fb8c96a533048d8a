// SCIM Users (RFC 7643 §4.1): a User is a membership of the token's organization. The account
// behind it is shared with any other organization the person belongs to, so SCIM never deletes
// one, and a token acts only on its own organization: DELETE ends the membership, `active: false`
// suspends it. Only an account that belongs to this organization alone (no other membership, no
// platform admin) is suspended itself (its sessions and tokens end at once, DELETE deprovisions
// it); anyone else keeps every other access, and this organization sees only the name its
// provider sent.
import { and, eq, sql } from 'drizzle-orm';
import {
  getDisplayName,
  isValidEmail,
  SCIM_ENTERPRISE_USER_SCHEMA,
  SCIM_USER_SCHEMA,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { teamMembers } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { addMembership, removeMemberships, updateMembership } from '../namespaces/index.ts';
import { insertUser, updateUser } from '../users/index.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { assertOwnerRemains, lockOrganization } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { isUniqueViolation, type Executor } from './list-helpers.ts';
import {
  assertResourceSchemas,
  buildListResponse,
  buildLocation,
  buildMeta,
  isResourceId,
  parseScimFilter,
  readBoolean,
  readPatchOperations,
  readPaging,
  readText,
  scimBadRequest,
  ScimError,
  scimNotFound,
  type PatchOperation,
} from './scim-protocol.ts';
import {
  clearScimIdentity,
  isSharedAccountSql,
  selectSeenNamesSql,
  setScimIdentity,
} from './scim-identities.ts';
import type { SignInRevoker } from './sessions.ts';

type UserRow = {
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

/** Who acts in the audit: the token, named by its label. */
export function scimActor(client: ScimClient) {
  return { iam: null, email: `SCIM token "${client.tokenLabel}"` };
}

function organizationOf(client: ScimClient) {
  return { id: client.organizationId, label: client.organizationLabel };
}

const SELECT_USERS = (organizationId: string) => sql`
  select u.id, u.email, ${selectSeenNamesSql(organizationId)}, ${isSharedAccountSql(organizationId)} as is_shared,
    un.suspended_at, un.created_at,
    greatest(un.updated_at, u.updated_at) as updated_at, x.external_id, x.user_name,
    coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name) order by lower(t.name))
      from team_members tm join teams t on t.id = tm.team_id
      where tm.user_id = u.id and t.namespace_id = un.namespace_id), '[]'::json) as groups
  from user_namespaces un
  join users u on u.id = un.user_id and u.deleted_at is null
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
  const source = sql`(${SELECT_USERS(client.organizationId)} and ${condition}) as s`;
  const [count, page] = await Promise.all([
    db.execute<{ total: number }>(sql`select count(*)::int as total from ${source}`),
    paging.count === 0
      ? Promise.resolve({ rows: [] as UserRow[] })
      : db.execute<UserRow>(
          sql`select * from ${source} order by created_at, id limit ${paging.count} offset ${paging.offset}`,
        ),
  ]);
  return buildListResponse(
    page.rows.map((row) => present(baseUrl, row)),
    Number(count.rows[0]?.total ?? 0),
    paging.startIndex,
  );
}

async function loadUser(db: Executor, client: ScimClient, id: string): Promise<UserRow> {
  if (!isResourceId(id)) {
    throw scimNotFound('User', id);
  }
  const result = await db.execute<UserRow>(
    sql`${SELECT_USERS(client.organizationId)} and u.id = ${id}`,
  );
  const row = result.rows[0];
  if (!row) {
    throw scimNotFound('User', id);
  }
  return row;
}

export async function getScimUser(db: Database, client: ScimClient, baseUrl: string, id: string) {
  return present(baseUrl, await loadUser(db, client, id));
}

/** What a body (POST or PUT) or a PatchOp asks of a user; undefined leaves an attribute alone. */
interface UserChange {
  /** The account's email: userName when that is one, else the primary or work email. */
  email?: string;
  /** The provider's userName; kept apart from the email when it is not the email. */
  userName?: string;
  firstName?: string | null;
  lastName?: string | null;
  active?: boolean;
  /** null removes it. */
  externalId?: string | null;
}

const EMAIL_NEEDED =
  'The studio identifies people by email: send an email address as "userName" or as the primary or work address in "emails".';

function readEmail(value: unknown, attribute: string): string {
  const email = readText(value, attribute);
  if (email === null || !isValidEmail(email)) {
    throw scimBadRequest(
      'invalidValue',
      `"${attribute}" must be an email address, such as name@example.com.`,
    );
  }
  return email;
}

/** The address in `emails` a provider marks primary, else its work one, else the first. */
function readEmailsValue(value: unknown): string | null {
  if (!Array.isArray(value) || value.length === 0) {
    return null;
  }
  const entries = value.filter(
    (entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null,
  );
  const chosen =
    entries.find(
      (entry) => entry.primary === true || entry.primary === 'True' || entry.primary === 'true',
    ) ??
    entries.find((entry) => entry.type === 'work') ??
    entries[0];
  return chosen ? readEmail(chosen.value, 'emails.value') : null;
}

/** userName, and the email the account gets from it or from `emails`. */
function readUserName(value: unknown, emails: unknown, change: UserChange): void {
  const userName = readText(value, 'userName');
  if (userName === null) {
    throw scimBadRequest('invalidValue', '"userName" is required.');
  }
  change.userName = userName;
  const email = isValidEmail(userName) ? userName : readEmailsValue(emails);
  if (email === null) {
    throw scimBadRequest('invalidValue', EMAIL_NEEDED);
  }
  change.email = email;
}

function readName(value: unknown, change: UserChange): void {
  if (value === null || value === undefined) {
    return;
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw scimBadRequest('invalidValue', '"name" must be an object with givenName and familyName.');
  }
  const name = value as Record<string, unknown>;
  if ('givenName' in name) {
    change.firstName = readText(name.givenName, 'name.givenName', 200);
  }
  if ('familyName' in name) {
    change.lastName = readText(name.familyName, 'name.familyName', 200);
  }
}

/** A whole User body (POST, PUT). Read-only and unknown attributes are ignored (RFC 7644 §3.5.1). */
function readUserBody(body: Record<string, unknown>): UserChange & { email: string } {
  assertResourceSchemas(body, SCIM_USER_SCHEMA, [SCIM_ENTERPRISE_USER_SCHEMA]);
  const change: UserChange = {};
  readUserName(body.userName, body.emails, change);
  readName(body.name, change);
  if (body.active !== undefined) {
    change.active = readBoolean(body.active, 'active');
  }
  if (body.externalId !== undefined) {
    change.externalId = readText(body.externalId, 'externalId', 500);
  }
  return { ...change, email: change.email! };
}

/** Applies one attribute of a PatchOp (a path, or a key of a path-less value) to the change. */
function applyUserAttribute(
  change: UserChange,
  op: PatchOperation['op'],
  path: string,
  value: unknown,
) {
  // Entra ID writes filters with single or double quotes; attribute names are case-insensitive.
  const attribute = path
    .toLowerCase()
    .replace(`${SCIM_USER_SCHEMA.toLowerCase()}:`, '')
    .replace(/'/g, '"')
    .replace(/\s+/g, ' ');
  switch (attribute) {
    case 'active':
      if (op !== 'remove') {
        change.active = readBoolean(value, 'active');
      }
      return;
    case 'username':
      if (op === 'remove') {
        throw new ScimError(400, 'mutability', '"userName" is required and cannot be removed.');
      }
      change.userName = readText(value, 'userName') ?? '';
      if (change.userName === '') {
        throw scimBadRequest('invalidValue', '"userName" is required.');
      }
      if (isValidEmail(change.userName)) {
        change.email = change.userName;
      }
      return;
    case 'name':
      if (op === 'remove') {
        change.firstName = null;
        change.lastName = null;
      } else {
        readName(value, change);
      }
      return;
    case 'name.givenname':
      change.firstName = op === 'remove' ? null : readText(value, 'name.givenName', 200);
      return;
    case 'name.familyname':
      change.lastName = op === 'remove' ? null : readText(value, 'name.familyName', 200);
      return;
    case 'externalid':
      change.externalId = op === 'remove' ? null : readText(value, 'externalId', 500);
      return;
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value':
      if (op !== 'remove') {
        change.email = readEmail(value, 'emails.value');
      }
      return;
    case 'emails': {
      const email = op === 'remove' ? null : readEmailsValue(value);
      if (email !== null) {
        change.email = email;
      }
      return;
    }
    default:
      // Attributes this studio keeps nothing of (title, department, phone numbers, the
      // enterprise extension, displayName, which it derives) are accepted and ignored, so a
      // provider's routine sync does not fail over them.
      return;
  }
}

function readUserPatch(body: Record<string, unknown>): UserChange {
  const change: UserChange = {};
  for (const operation of readPatchOperations(body)) {
    if (operation.path !== undefined) {
      applyUserAttribute(change, operation.op, operation.path, operation.value);
      continue;
    }
    // Okta: {"op": "replace", "value": {"active": false}}; a value without a path names attributes.
    if (
      typeof operation.value !== 'object' ||
      operation.value === null ||
      Array.isArray(operation.value)
    ) {
      throw scimBadRequest(
        'invalidValue',
        `An "${operation.op}" without a path needs an object value.`,
      );
    }
    for (const [key, value] of Object.entries(operation.value)) {
      applyUserAttribute(change, operation.op, key, value);
    }
  }
  return change;
}

/** The userName to keep apart from the email: null when it is the email itself. */
function readStoredUserName(
  userName: string | undefined,
  email: string,
  stored: string | null,
): string | null {
  if (userName === undefined) {
    return stored;
  }
  return userName.toLowerCase() === email.toLowerCase() ? null : userName;
}

const EMAIL_TAKEN = 'Another account already uses this userName (email address).';

/** Applies a change to a member in one transaction: identity, status, externalId; audited. */
async function applyUserChange(
  tx: Executor,
  revoker: SignInRevoker,
  client: ScimClient,
  id: string,
  change: UserChange,
) {
  await lockOrganization(tx, client.organizationId);
  const current = await loadUser(tx, client, id);
  const actor = scimActor(client);
  const organization = organizationOf(client);
  const label = getDisplayName({
    firstName: current.first_name,
    lastName: current.last_name,
    email: current.email,
  });
  if (
    current.is_shared &&
    (change.email ?? current.email).toLowerCase() !== current.email.toLowerCase()
  ) {
    // The account also belongs elsewhere: its email is the person's own, not one organization's
    // provider's to rewrite (no crossing over). The name this organization sees is its own.
    throw new ScimError(
      400,
      'mutability',
      "This person's account also belongs elsewhere: its email can only be changed by the person.",
    );
  }
  const identity = {
    email: current.is_shared ? current.email : (change.email ?? current.email),
    firstName: change.firstName === undefined ? current.first_name : change.firstName,
    lastName: change.lastName === undefined ? current.last_name : change.lastName,
  };
  const before = {
    email: current.email,
    firstName: current.first_name,
    lastName: current.last_name,
  };
  if (JSON.stringify(identity) !== JSON.stringify(before)) {
    try {
      if (!current.is_shared) {
        await updateUser(tx, id, identity);
      }
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new ScimError(409, 'uniqueness', EMAIL_TAKEN);
      }
      throw error;
    }
    await recordAuditEvent(tx, actor, {
      organization,
      action: 'member.profile_changed',
      targetType: 'user',
      targetId: id,
      targetLabel: label,
      before,
      after: identity,
    });
  }
  const isActive = current.suspended_at === null;
  if (change.active !== undefined && change.active !== isActive) {
    await updateMembership(
      tx,
      { namespaceId: client.organizationId, userId: id },
      { suspendedAt: change.active ? null : new Date() },
    );
    await recordAuditEvent(tx, actor, {
      organization,
      action: change.active ? 'member.reactivated' : 'member.suspended',
      targetType: 'user',
      targetId: id,
      targetLabel: label,
      before: { status: isActive ? 'active' : 'suspended' },
      after: { status: change.active ? 'active' : 'suspended' },
    });
    // Someone who belongs elsewhere keeps every other access: their membership here grants
    // nothing while suspended, which every request reads.
    if (!change.active && !current.is_shared) {
      await revoker.endUserSessions(tx, id);
    }
  }
  const userName = readStoredUserName(change.userName, identity.email, current.user_name);
  const isNameChanged =
    identity.firstName !== current.first_name || identity.lastName !== current.last_name;
  if (
    (change.externalId !== undefined && change.externalId !== current.external_id) ||
    userName !== current.user_name ||
    isNameChanged
  ) {
    await setScimIdentity(tx, client, 'User', id, {
      ...(change.externalId === undefined ? {} : { externalId: change.externalId }),
      userName,
      givenName: identity.firstName,
      familyName: identity.lastName,
    });
  }
  await assertOwnerRemains(tx, client.organizationId);
}

/**
 * POST /Users: a new account joins with the organization's default role; an existing account
 * (another organization's member, say) joins the same way and keeps its name, and the answer
 * shows only what the provider sent. An account of no organization (deprovisioned, say) becomes
 * this one's: it takes the name sent and is no longer deprovisioned. 409 uniqueness when the
 * person is a member already.
 */
export async function createScimUser(
  db: Database,
  client: ScimClient,
  baseUrl: string,
  body: Record<string, unknown>,
) {
  const change = readUserBody(body);
  const userId = await db.transaction(async (tx) => {
    await lockOrganization(tx, client.organizationId);
    const existing = await tx.execute<{ id: string; member: boolean; is_shared: boolean }>(sql`
      select u.id, exists (select 1 from user_namespaces un where un.user_id = u.id
          and un.namespace_id = ${client.organizationId}) as member,
        ${isSharedAccountSql(client.organizationId)} as is_shared
      from users u where lower(u.email) = lower(${change.email}) and u.deleted_at is null`);
    const found = existing.rows[0];
    if (found?.member) {
      throw new ScimError(
        409,
        'uniqueness',
        'This person is already a member of the organization.',
      );
    }
    let id = found?.id;
    if (found && !found.is_shared) {
      await updateUser(tx, found.id, {
        firstName: change.firstName ?? null,
        lastName: change.lastName ?? null,
        deprovisionedAt: null,
      });
    }
    if (!id) {
      try {
        const created = await insertUser(tx, {
          email: change.email,
          firstName: change.firstName ?? null,
          lastName: change.lastName ?? null,
        });
        id = created.id;
      } catch (error) {
        if (isUniqueViolation(error)) {
          // A deleted account keeps an anonymised address, so this is someone else's live one.
          throw new ScimError(409, 'uniqueness', EMAIL_TAKEN);
        }
        throw error;
      }
    }
    // Provisioned people join with the role the owner chose for people who join on their own.
    const [organization] = await tx
      .select({ scope: namespaces.defaultScope })
      .from(namespaces)
      .where(eq(namespaces.id, client.organizationId));
    const scope = organization!.scope;
    const isActive = change.active ?? true;
    await addMembership(tx, {
      userId: id,
      namespaceId: client.organizationId,
      scope,
      suspendedAt: isActive ? null : new Date(),
    });
    await setScimIdentity(tx, client, 'User', id, {
      externalId: change.externalId ?? null,
      userName: readStoredUserName(change.userName, change.email, null),
      givenName: change.firstName ?? null,
      familyName: change.lastName ?? null,
    });
    await recordAuditEvent(tx, scimActor(client), {
      organization: organizationOf(client),
      action: 'member.added',
      targetType: 'user',
      targetId: id,
      targetLabel: getDisplayName({
        firstName: change.firstName ?? null,
        lastName: change.lastName ?? null,
        email: change.email,
      }),
      before: null,
      after: { scope, status: isActive ? 'active' : 'suspended', source: 'scim' },
    });
    return id;
  });
  return getScimUser(db, client, baseUrl, userId);
}

/** PUT /Users/:id: the body replaces userName, name, active and externalId. */
export async function replaceScimUser(
  db: Database,
  revoker: SignInRevoker,
  client: ScimClient,
  baseUrl: string,
  id: string,
  body: Record<string, unknown>,
) {
  const change = readUserBody(body);
  // Replacing sets what the body leaves out to nothing, but `active` left out keeps its state:
  // a person is never suspended by omission.
  change.firstName ??= null;
  change.lastName ??= null;
  change.externalId ??= null;
  await db.transaction((tx) => applyUserChange(tx, revoker, client, id, change));
  return getScimUser(db, client, baseUrl, id);
}

/** PATCH /Users/:id with a PatchOp (Okta's and Entra ID's shapes). */
export async function patchScimUser(
  db: Database,
  revoker: SignInRevoker,
  client: ScimClient,
  baseUrl: string,
  id: string,
  body: Record<string, unknown>,
) {
  const change = readUserPatch(body);
  await db.transaction((tx) => applyUserChange(tx, revoker, client, id, change));
  return getScimUser(db, client, baseUrl, id);
}

/**
 * DELETE /Users/:id: the membership (and its team places) ends; the account stays. An account
 * that belonged to this organization alone is deprovisioned: its sessions end and its sign-in is
 * refused until an organization takes it in again.
 */
export async function deleteScimUser(
  db: Database,
  revoker: SignInRevoker,
  client: ScimClient,
  id: string,
): Promise<null> {
  await db.transaction(async (tx) => {
    await lockOrganization(tx, client.organizationId);
    const current = await loadUser(tx, client, id);
    const [membership] = await tx
      .select({ scope: userNamespaces.scope })
      .from(userNamespaces)
      .where(
        and(eq(userNamespaces.namespaceId, client.organizationId), eq(userNamespaces.userId, id)),
      );
    await tx
      .delete(teamMembers)
      .where(
        and(
          eq(teamMembers.userId, id),
          sql`${teamMembers.teamId} in (select id from teams where namespace_id = ${client.organizationId})`,
        ),
      );
    await removeMemberships(tx, { namespaceId: client.organizationId, userId: id });
    await clearScimIdentity(tx, client, 'User', id);
    await recordAuditEvent(tx, scimActor(client), {
      organization: organizationOf(client),
      action: 'member.removed',
      targetType: 'user',
      targetId: id,
      targetLabel: getDisplayName({
        firstName: current.first_name,
        lastName: current.last_name,
        email: current.email,
      }),
      before: { scope: membership?.scope ?? null },
      after: null,
    });
    await assertOwnerRemains(tx, client.organizationId);
    if (!current.is_shared) {
      await updateUser(tx, id, { deprovisionedAt: new Date() });
      await revoker.endUserSessions(tx, id);
    }
  });
  return null;
}
