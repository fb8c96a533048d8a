import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  SCIM_TOKEN_NOT_FOUND_MESSAGE,
  SCIM_TOKEN_PREFIX,
  type CurrentUser,
  type ScimToken,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { scimTokens } from './accounts.tables.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';
import { notFound } from '../../http/errors.ts';
import type { ScimClient } from '../../http/gateway.ts';
import { assertOrganizationOwner } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { assertScimSourceAllowed, countScimAuthFailure } from './scim-auth-limit.ts';
import { toIsoTimestamp, toIsoTimestampOrNull } from './list-helpers.ts';

/** Only this digest of a SCIM token is stored; the token itself is shown once. */
export function hashScimToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

const columns = {
  id: scimTokens.id,
  organizationId: scimTokens.namespaceId,
  label: scimTokens.label,
  createdAt: scimTokens.createdAt,
  createdByEmail: users.email,
  lastUsedAt: scimTokens.lastUsedAt,
  revokedAt: scimTokens.revokedAt,
};

type TokenRow = {
  id: string;
  organizationId: string;
  label: string;
  createdAt: Date;
  createdByEmail: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

function present(row: TokenRow): ScimToken {
  return {
    ...row,
    createdAt: toIsoTimestamp(row.createdAt),
    lastUsedAt: toIsoTimestampOrNull(row.lastUsedAt),
    revokedAt: toIsoTimestampOrNull(row.revokedAt),
  };
}

export async function listScimTokens(
  db: Database,
  user: CurrentUser,
  organizationId: string,
): Promise<ScimToken[]> {
  await assertOrganizationOwner(db, user, organizationId);
  const rows = await db
    .select(columns)
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdBy))
    .where(eq(scimTokens.namespaceId, organizationId))
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
  return rows.map(present);
}

/** Issues a token for an organization's identity provider; the answer carries it this once. */
export async function createScimToken(
  db: Database,
  user: CurrentUser,
  organizationId: string,
  input: { label: string },
): Promise<ScimToken & { token: string }> {
  await assertOrganizationOwner(db, user, organizationId);
  const token = `${SCIM_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await db.transaction(async (tx) => {
    const [organization] = await tx
      .select({ label: namespaces.label })
      .from(namespaces)
      .where(eq(namespaces.id, organizationId));
    const [row] = await tx
      .insert(scimTokens)
      .values({
        namespaceId: organizationId,
        label: input.label,
        tokenHash: hashScimToken(token),
        createdBy: user.iam,
      })
      .returning({ id: scimTokens.id });
    await recordAuditEvent(tx, user, {
      organization: { id: organizationId, label: organization!.label },
      action: 'scim_token.created',
      targetType: 'scim_token',
      targetId: row!.id,
      targetLabel: input.label,
      after: { label: input.label },
    });
    return row!.id;
  });
  return { ...(await loadToken(db, organizationId, id)), token };
}

async function loadToken(db: Database, organizationId: string, id: string): Promise<ScimToken> {
  const [row] = await db
    .select(columns)
    .from(scimTokens)
    .leftJoin(users, eq(users.id, scimTokens.createdBy))
    .where(and(eq(scimTokens.id, id), eq(scimTokens.namespaceId, organizationId)));
  if (!row) {
    throw notFound(SCIM_TOKEN_NOT_FOUND_MESSAGE);
  }
  return present(row);
}

/** Revokes a token: the next SCIM call with it is refused. Revoking twice changes nothing. */
export async function revokeScimToken(
  db: Database,
  user: CurrentUser,
  organizationId: string,
  tokenId: string,
): Promise<ScimToken> {
  await assertOrganizationOwner(db, user, organizationId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(scimTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(scimTokens.id, tokenId),
          eq(scimTokens.namespaceId, organizationId),
          isNull(scimTokens.revokedAt),
        ),
      )
      .returning({ label: scimTokens.label });
    if (!row) {
      return;
    }
    const [organization] = await tx
      .select({ label: namespaces.label })
      .from(namespaces)
      .where(eq(namespaces.id, organizationId));
    await recordAuditEvent(tx, user, {
      organization: { id: organizationId, label: organization!.label },
      action: 'scim_token.revoked',
      targetType: 'scim_token',
      targetId: tokenId,
      targetLabel: row.label,
      before: { status: 'active' },
      after: { status: 'revoked' },
    });
  });
  return loadToken(db, organizationId, tokenId);
}

/**
 * The gateway's SCIM token check: the organization an unrevoked token provisions, or null. Marks
 * the token used (at most once a minute, so a sync's many calls do not each write). A token that
 * fails is counted per source address in PostgreSQL; past the limit, every call of that source
 * with a token answers 429 (scim-auth-limit.ts), whatever token it sends.
 */
export function createScimTokenResolver(db: Database) {
  return async (token: string | null, source: string): Promise<ScimClient | null> => {
    if (token === null) {
      // Nothing presented, nothing guessed: 401 without touching the database.
      return null;
    }
    await assertScimSourceAllowed(db, source);
    const client = await findScimClient(db, token);
    if (!client) {
      await countScimAuthFailure(db, source);
    }
    return client;
  };
}

async function findScimClient(db: Database, token: string): Promise<ScimClient | null> {
  if (!token.startsWith(SCIM_TOKEN_PREFIX) || token.length > 200) {
    return null;
  }
  const [row] = await db
    .select({
      tokenId: scimTokens.id,
      tokenLabel: scimTokens.label,
      organizationId: scimTokens.namespaceId,
      organizationLabel: namespaces.label,
    })
    .from(scimTokens)
    .innerJoin(namespaces, eq(namespaces.id, scimTokens.namespaceId))
    .where(and(eq(scimTokens.tokenHash, hashScimToken(token)), isNull(scimTokens.revokedAt)));
  if (!row) {
    return null;
  }
  await db
    .update(scimTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(scimTokens.id, row.tokenId),
        sql`(${scimTokens.lastUsedAt} is null or ${scimTokens.lastUsedAt} < now() - interval '1 minute')`,
      ),
    );
  return row;
}
