import { and, eq, inArray, sql } from 'drizzle-orm';
import { teamMembers, teams } from './accounts.tables.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { assertOwnerRemains, lockOrganization } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { isUniqueViolation, uuidArray, type Executor } from './list-helpers.ts';
import { isResourceId, scimBadRequest, ScimError } from './scim-protocol.ts';
import type { GroupChange } from './scim-group-body.ts';
import { loadGroup } from './scim-groups.query.ts';
import { selectSeenNamesSql, setScimIdentity } from './scim-identities.ts';
import { scimActor } from './scim-users.service.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';

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

export const NAME_TAKEN = 'A team with this displayName already exists in the organization.';

/** Applies a change to a team in one transaction; every member change is audited, owners stay. */
export async function applyGroupChange(
  tx: Executor,
  client: ScimClient,
  id: string,
  change: GroupChange,
) {
  const ownersBefore = await lockOrganization(tx, client.organizationId);
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
  await assertOwnerRemains(tx, client.organizationId, ownersBefore);
}
