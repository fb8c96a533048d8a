import { and, eq, sql, type SQL } from 'drizzle-orm';
import { scimIdentities } from './accounts.tables.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { isUniqueViolation, type Executor } from './list-helpers.ts';
import { ScimError } from './scim-protocol.ts';
import { userNamespaces } from '../namespaces/namespaces.tables.ts';

/**
 * Records what the provider calls a resource (its externalId, a User's non-email userName); only
 * the fields given change, null clears one. A userName another member has answers 409.
 */
export async function setScimIdentity(
  tx: Executor,
  client: ScimClient,
  resourceType: 'User' | 'Group',
  resourceId: string,
  fields: {
    externalId?: string | null;
    userName?: string | null;
    givenName?: string | null;
    familyName?: string | null;
  },
): Promise<void> {
  try {
    await tx
      .insert(scimIdentities)
      .values({
        namespaceId: client.organizationId,
        resourceType,
        resourceId,
        externalId: fields.externalId ?? null,
        userName: fields.userName ?? null,
        givenName: fields.givenName ?? null,
        familyName: fields.familyName ?? null,
      })
      .onConflictDoUpdate({
        target: [
          scimIdentities.namespaceId,
          scimIdentities.resourceType,
          scimIdentities.resourceId,
        ],
        set: fields,
      });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ScimError(
        409,
        'uniqueness',
        'Another User of this organization has this userName.',
      );
    }
    throw error;
  }
}

/** Forgets a resource's provider names (the membership or team is gone). */
export async function clearScimIdentity(
  tx: Executor,
  client: ScimClient,
  resourceType: 'User' | 'Group',
  resourceId: string,
): Promise<void> {
  await tx
    .delete(scimIdentities)
    .where(
      and(
        eq(scimIdentities.namespaceId, client.organizationId),
        eq(scimIdentities.resourceType, resourceType),
        eq(scimIdentities.resourceId, resourceId),
      ),
    );
}

/**
 * Whether the account `u` is also someone else's: a platform admin, or a member of another
 * organization. Its name and email are then the person's own, not this organization's.
 */
export function isSharedAccountSql(organizationId: string): SQL {
  return sql`(u.is_admin or exists (select 1 from ${userNamespaces} other
    where other.user_id = u.id and other.namespace_id <> ${organizationId}))`;
}

/**
 * The first and last name of account `u` as the organization's SCIM sees them (columns
 * `first_name`, `last_name`): the account's own when it belongs to this organization alone, else
 * only what the organization's provider sent, so linking an account by email reveals nothing of it.
 */
export function selectSeenNamesSql(organizationId: string): SQL {
  const sent = (column: SQL) => sql`(select ${column} from scim_identities sent
    where sent.namespace_id = ${organizationId} and sent.resource_type = 'User'
      and sent.resource_id = u.id)`;
  const shared = isSharedAccountSql(organizationId);
  return sql`case when ${shared} then ${sent(sql`sent.given_name`)} else u.first_name end as first_name,
    case when ${shared} then ${sent(sql`sent.family_name`)} else u.last_name end as last_name`;
}
