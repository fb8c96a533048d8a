import { and, eq } from 'drizzle-orm';
import { scimIdentities } from './accounts.tables.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { isUniqueViolation, type Executor } from './list-helpers.ts';
import { ScimError } from './scim-protocol.ts';

/**
 * Records what the provider calls a resource (its externalId, a User's non-email userName); only
 * the fields given change, null clears one. A userName another member has answers 409.
 */
export async function setScimIdentity(
  tx: Executor,
  client: ScimClient,
  resourceType: 'User' | 'Group',
  resourceId: string,
  fields: { externalId?: string | null; userName?: string | null },
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
