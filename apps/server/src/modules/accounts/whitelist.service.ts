import { and, eq, sql } from 'drizzle-orm';
import {
  FEATURE_NOT_ENABLED_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  parseWhitelistEntry,
  WHITELIST_ENTRY_NOT_FOUND_MESSAGE,
  WHITELIST_ENTRY_TAKEN_MESSAGE,
  type CurrentUser,
  type GrantableScope,
  type WhitelistEntry,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { whitelistEntries } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { addMembership } from '../namespaces/index.ts';
import { users } from '../users/users.tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { assertOrganizationOwner } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { isUniqueViolation, toIsoTimestamp } from './list-helpers.ts';

async function loadWhitelistedOrganization(db: Database, user: CurrentUser, id: string) {
  await assertOrganizationOwner(db, user, id);
  const [organization] = await db.select().from(namespaces).where(eq(namespaces.id, id));
  if (!organization) {
    throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  }
  // Spec §6: admins have every attribute, so they may prepare a whitelist before switching the
  // attribute on; sign-in consults only organizations that have it.
  if (!organization.attributes.SSO_WHITELIST && !user.isAdmin) {
    throw forbidden(FEATURE_NOT_ENABLED_MESSAGE);
  }
  return organization;
}

function present(row: typeof whitelistEntries.$inferSelect): WhitelistEntry {
  return { id: row.id, kind: row.kind, value: row.value, createdAt: toIsoTimestamp(row.createdAt) };
}

export async function listWhitelist(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<{ defaultScope: GrantableScope; items: WhitelistEntry[] }> {
  const organization = await loadWhitelistedOrganization(db, user, id);
  const rows = await db
    .select()
    .from(whitelistEntries)
    .where(eq(whitelistEntries.namespaceId, id))
    .orderBy(whitelistEntries.kind, whitelistEntries.value);
  return { defaultScope: organization.defaultScope, items: rows.map(present) };
}

export async function addWhitelistEntry(
  db: Database,
  user: CurrentUser,
  id: string,
  input: { value: string },
): Promise<WhitelistEntry> {
  const organization = await loadWhitelistedOrganization(db, user, id);
  const parsed = parseWhitelistEntry(input.value);
  if (!parsed.ok) {
    throw badRequest(parsed.message);
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(whitelistEntries)
        .values({ namespaceId: id, kind: parsed.kind, value: parsed.value })
        .returning();
      await recordAuditEvent(tx, user, {
        organization: { id, label: organization.label },
        action: 'whitelist.entry_added',
        targetType: 'whitelist',
        targetId: row!.id,
        targetLabel: parsed.value,
        after: { kind: parsed.kind, value: parsed.value },
      });
      return present(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(WHITELIST_ENTRY_TAKEN_MESSAGE);
    }
    throw error;
  }
}

export async function deleteWhitelistEntry(
  db: Database,
  user: CurrentUser,
  id: string,
  entryId: string,
): Promise<{ id: string }> {
  const organization = await loadWhitelistedOrganization(db, user, id);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(whitelistEntries)
      .where(and(eq(whitelistEntries.id, entryId), eq(whitelistEntries.namespaceId, id)))
      .returning();
    if (!row) {
      throw notFound(WHITELIST_ENTRY_NOT_FOUND_MESSAGE);
    }
    await recordAuditEvent(tx, user, {
      organization: { id, label: organization.label },
      action: 'whitelist.entry_removed',
      targetType: 'whitelist',
      targetId: entryId,
      targetLabel: row.value,
      before: { kind: row.kind, value: row.value },
    });
  });
  return { id: entryId };
}

/**
 * After a sign-in through an identity-provider hint (the email is verified: unverified emails never
 * reach a local account): joins every SSO_WHITELIST organization whose whitelist names the address
 * or its domain, with that organization's default role. `refused` when whitelists are in use (an
 * SSO_WHITELIST organization has an entry) and the person ends up in no organization (and is no
 * platform admin).
 */
export async function admitThroughWhitelist(
  db: Database,
  userId: string,
): Promise<'admitted' | 'member' | 'refused' | 'not-in-use'> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, userId));
    if (!account) {
      return 'refused';
    }
    const email = account.email.toLowerCase();
    const domain = email.slice(email.lastIndexOf('@') + 1);
    const matches = await tx.execute<{
      id: string;
      label: string;
      default_scope: GrantableScope;
    }>(sql`
      select n.id, n.label, n.default_scope from ${namespaces} n
      where (n.attributes->>'SSO_WHITELIST')::boolean is true
        and exists (select 1 from whitelist_entries w where w.namespace_id = n.id
          and ((w.kind = 'email' and lower(w.value) = ${email})
            or (w.kind = 'domain' and lower(w.value) = ${domain})))
        and not exists (select 1 from ${userNamespaces} un where un.namespace_id = n.id and un.user_id = ${userId})`);
    for (const organization of matches.rows) {
      await addMembership(
        tx,
        { userId, namespaceId: organization.id, scope: organization.default_scope },
        { isKeepingExisting: true },
      );
      await recordAuditEvent(
        tx,
        { iam: userId, email: account.email },
        {
          organization: { id: organization.id, label: organization.label },
          action: 'whitelist.admitted',
          targetType: 'user',
          targetId: userId,
          targetLabel: account.email,
          before: null,
          after: { scope: organization.default_scope },
        },
      );
    }
    if (matches.rows.length > 0) {
      return 'admitted';
    }
    const [membership] = await tx
      .select({ id: userNamespaces.namespaceId })
      .from(userNamespaces)
      .where(eq(userNamespaces.userId, userId))
      .limit(1);
    if (membership || account.isAdmin) {
      return 'member';
    }
    // In use: some SSO_WHITELIST organization lists at least one entry. Until then, sign-in
    // through a provider works as before (an account without an organization).
    const inUse = await tx.execute(sql`
      select 1 from whitelist_entries w join ${namespaces} n on n.id = w.namespace_id
      where (n.attributes->>'SSO_WHITELIST')::boolean is true limit 1`);
    return inUse.rows.length > 0 ? 'refused' : 'not-in-use';
  });
}
