// SCIM Users (RFC 7643 §4.1): a User is a membership of the token's organization. The account
// behind it is shared with any other organization the person belongs to, so SCIM never deletes
// one, and a token acts only on its own organization: DELETE ends the membership, `active: false`
// suspends it. Only an account that belongs to this organization alone (no other membership, no
// platform admin) is suspended itself (its sessions and tokens end at once, DELETE deprovisions
// it); anyone else keeps every other access, and this organization sees only the name its
// provider sent.
import { and, eq, sql } from 'drizzle-orm';
import { getDisplayName } from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { teamMembers } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { addMembership, removeMemberships, updateMembership } from '../namespaces/index.ts';
import { insertUser, updateUser } from '../users/index.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { assertOwnerRemains, lockOrganization } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { isUniqueViolation, type Executor } from './list-helpers.ts';
import { ScimError } from './scim-protocol.ts';
import { clearScimIdentity, isSharedAccountSql, setScimIdentity } from './scim-identities.ts';
import type { SignInRevoker } from './sessions.ts';
import {
  type UserChange,
  readUserBody,
  readUserPatch,
  readStoredUserName,
} from './scim-user-body.ts';
import { getScimUser, loadUser } from './scim-users.query.ts';
import { users } from '../users/users.tables.ts';

/** Who acts in the audit: the token, named by its label. */
export function scimActor(client: ScimClient) {
  return { iam: null, email: `SCIM token "${client.tokenLabel}"` };
}

function organizationOf(client: ScimClient) {
  return { id: client.organizationId, label: client.organizationLabel };
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
  const ownersBefore = await lockOrganization(tx, client.organizationId);
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
  await assertOwnerRemains(tx, client.organizationId, ownersBefore);
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
      select u.id, exists (select 1 from ${userNamespaces} un where un.user_id = u.id
          and un.namespace_id = ${client.organizationId}) as member,
        ${isSharedAccountSql(client.organizationId)} as is_shared
      from ${users} u where lower(u.email) = lower(${change.email}) and u.deleted_at is null`);
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
    const ownersBefore = await lockOrganization(tx, client.organizationId);
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
    await assertOwnerRemains(tx, client.organizationId, ownersBefore);
    if (!current.is_shared) {
      await updateUser(tx, id, { deprovisionedAt: new Date() });
      await revoker.endUserSessions(tx, id);
    }
  });
  return null;
}
