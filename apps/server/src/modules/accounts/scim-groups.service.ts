// SCIM Groups (RFC 7643 §4.2): a Group is a team of the token's organization; its members are
// the organization's members. A team's scope is the owners' to set on the Teams screen: SCIM
// never changes it, so a provider cannot grant roles through a group.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { teams } from './accounts.tables.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { assertOwnerRemains, lockOrganization } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { isUniqueViolation } from './list-helpers.ts';
import { ScimError } from './scim-protocol.ts';
import { readGroupBody, readGroupPatch } from './scim-group-body.ts';
import { applyGroupChange, NAME_TAKEN } from './scim-group-change.ts';
import { getScimGroup, loadGroup } from './scim-groups.query.ts';
import { clearScimIdentity } from './scim-identities.ts';
import { scimActor } from './scim-users.service.ts';

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
    const ownersBefore = await lockOrganization(tx, client.organizationId);
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
    await assertOwnerRemains(tx, client.organizationId, ownersBefore);
  });
  return null;
}
