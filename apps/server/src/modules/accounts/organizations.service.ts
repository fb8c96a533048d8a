import { eq, sql } from 'drizzle-orm';
import {
  getDisplayName,
  ORGANIZATION_HAS_STORYFILES_MESSAGE,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  roleRequiredMessage,
  type CurrentUser,
  type GrantableScope,
  type NamespaceAttributes,
  type Organization,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import {
  addMembership,
  deleteNamespace,
  insertNamespace,
  updateNamespace,
} from '../namespaces/index.ts';
import { conflict, forbidden, notFound } from '../../http/errors.ts';
import { assertOrganizationOwner, getHeldScope, getOwnedOrganizationIds } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import type { OrganizationStoryfiles } from './organization-storyfiles.ts';
import { isUniqueViolation, toIsoTimestamp, uuidArray, type Executor } from './list-helpers.ts';
import { users } from '../users/users.tables.ts';

type OrganizationRow = {
  id: string;
  label: string;
  attributes: NamespaceAttributes;
  default_scope: GrantableScope;
  member_count: number;
  team_count: number;
  storyfile_count: number;
  created_at: Date | string;
};

async function selectOrganizations(
  db: Executor,
  storyfiles: OrganizationStoryfiles,
  ids: 'all' | string[],
): Promise<OrganizationRow[]> {
  const result = await db.execute<OrganizationRow>(sql`
    select n.id, n.label, n.attributes, n.default_scope, n.created_at,
      (select count(*)::int from ${userNamespaces} un join ${users} u on u.id = un.user_id
        where un.namespace_id = n.id and u.deleted_at is null) as member_count,
      (select count(*)::int from teams t where t.namespace_id = n.id) as team_count,
      ${storyfiles.countLive(sql`n.id`)} as storyfile_count
    from ${namespaces} n
    ${ids === 'all' ? sql`` : sql`where n.id = any(${uuidArray(ids)})`}
    order by lower(n.label), n.id`);
  return result.rows;
}

function present(user: CurrentUser, row: OrganizationRow): Organization {
  return {
    id: row.id,
    label: row.label,
    attributes: row.attributes,
    defaultScope: row.default_scope,
    viewerScope: getHeldScope(user, row.id) ?? null,
    memberCount: Number(row.member_count),
    teamCount: Number(row.team_count),
    storyfileCount: Number(row.storyfile_count),
    createdAt: toIsoTimestamp(row.created_at),
  };
}

export async function listOrganizations(
  db: Database,
  storyfiles: OrganizationStoryfiles,
  user: CurrentUser,
): Promise<Organization[]> {
  const rows = await selectOrganizations(db, storyfiles, getOwnedOrganizationIds(user));
  return rows.map((row) => present(user, row));
}

async function getOrganization(
  db: Executor,
  storyfiles: OrganizationStoryfiles,
  user: CurrentUser,
  id: string,
): Promise<Organization> {
  const [row] = await selectOrganizations(db, storyfiles, [id]);
  if (!row) {
    throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  }
  return present(user, row);
}

/** Spec §5 name uniqueness for organizations: labels are unique across the studio, any case. */
export async function isOrganizationNameUnique(
  db: Database,
  input: { name: string; excludeId?: string | undefined },
): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${namespaces} where lower(label) = lower(${input.name.trim()})
    ${input.excludeId ? sql`and id <> ${input.excludeId}` : sql``} limit 1`);
  return result.rows.length === 0;
}

async function assertNameFree(db: Executor, label: string, excludeId?: string): Promise<void> {
  const result = await db.execute(sql`
    select 1 from ${namespaces} where lower(label) = lower(${label})
    ${excludeId ? sql`and id <> ${excludeId}` : sql``} limit 1`);
  if (result.rows.length > 0) {
    throw conflict(ORGANIZATION_NAME_TAKEN_MESSAGE);
  }
}

/**
 * Creates an organization with its creator as its Admin (owner:ns), so it is managed from its
 * first moment and the last-owner rule has someone to keep (issue 68: an organization made with
 * nobody in it showed 0 members). The Admin can hand the role on and then leave.
 */
export async function createOrganization(
  db: Database,
  storyfiles: OrganizationStoryfiles,
  user: CurrentUser,
  input: { label: string; attributes?: NamespaceAttributes | undefined },
): Promise<Organization> {
  try {
    const id = await db.transaction(async (tx) => {
      await assertNameFree(tx, input.label);
      const created = await insertNamespace(tx, {
        label: input.label,
        attributes: input.attributes ?? {},
      });
      await recordAuditEvent(tx, user, {
        organization: { id: created.id, label: input.label },
        action: 'organization.created',
        targetType: 'organization',
        targetId: created.id,
        targetLabel: input.label,
        after: { label: input.label, attributes: input.attributes ?? {} },
      });
      await addMembership(tx, { userId: user.iam, namespaceId: created.id, scope: 'owner:ns' });
      await recordAuditEvent(tx, user, {
        organization: { id: created.id, label: input.label },
        action: 'member.added',
        targetType: 'user',
        targetId: user.iam,
        targetLabel: getDisplayName(user),
        before: null,
        after: { scope: 'owner:ns' },
      });
      return created.id;
    });
    return await getOrganization(db, storyfiles, user, id);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(ORGANIZATION_NAME_TAKEN_MESSAGE);
    }
    throw error;
  }
}

/**
 * Renaming and attributes are for platform admins; an owner may set the default role whitelisted
 * people join with. Each change is audited with its before and after.
 */
export async function updateOrganization(
  db: Database,
  storyfiles: OrganizationStoryfiles,
  user: CurrentUser,
  id: string,
  input: {
    label?: string | undefined;
    attributes?: NamespaceAttributes | undefined;
    defaultScope?: GrantableScope | undefined;
  },
): Promise<Organization> {
  await assertOrganizationOwner(db, user, id);
  if ((input.label !== undefined || input.attributes !== undefined) && !user.isAdmin) {
    throw forbidden(roleRequiredMessage('super_admin'));
  }
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(namespaces)
        .where(eq(namespaces.id, id))
        .for('update');
      if (!current) {
        throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
      }
      const organization = { id, label: input.label ?? current.label };
      if (input.label !== undefined && input.label !== current.label) {
        await assertNameFree(tx, input.label, id);
        await recordAuditEvent(tx, user, {
          organization,
          action: 'organization.renamed',
          targetType: 'organization',
          targetId: id,
          targetLabel: input.label,
          before: { label: current.label },
          after: { label: input.label },
        });
      }
      if (input.attributes !== undefined) {
        await recordAuditEvent(tx, user, {
          organization,
          action: 'organization.attributes_changed',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.label,
          before: { attributes: current.attributes },
          after: { attributes: input.attributes },
        });
      }
      if (input.defaultScope !== undefined && input.defaultScope !== current.defaultScope) {
        await recordAuditEvent(tx, user, {
          organization,
          action: 'organization.default_role_changed',
          targetType: 'organization',
          targetId: id,
          targetLabel: organization.label,
          before: { defaultScope: current.defaultScope },
          after: { defaultScope: input.defaultScope },
        });
      }
      await updateNamespace(tx, id, {
        ...(input.label !== undefined ? { label: input.label } : {}),
        ...(input.attributes !== undefined ? { attributes: input.attributes } : {}),
        ...(input.defaultScope !== undefined ? { defaultScope: input.defaultScope } : {}),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(ORGANIZATION_NAME_TAKEN_MESSAGE);
    }
    throw error;
  }
  return getOrganization(db, storyfiles, user, id);
}

/** Deletes an organization that holds no storyfiles (deleted ones count: they can be restored). */
export async function deleteOrganization(
  db: Database,
  storyfiles: OrganizationStoryfiles,
  user: CurrentUser,
  id: string,
): Promise<{ id: string }> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(namespaces).where(eq(namespaces.id, id)).for('update');
    if (!current) {
      throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
    }
    const held = await tx.execute<{ holds: boolean }>(
      sql`select ${storyfiles.holdsAny(id)} as holds`,
    );
    if (held.rows[0]?.holds === true) {
      throw conflict(ORGANIZATION_HAS_STORYFILES_MESSAGE);
    }
    await recordAuditEvent(tx, user, {
      organization: { id, label: current.label },
      action: 'organization.deleted',
      targetType: 'organization',
      targetId: id,
      targetLabel: current.label,
      before: { label: current.label, attributes: current.attributes },
    });
    await deleteNamespace(tx, id);
  });
  return { id };
}
