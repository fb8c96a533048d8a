import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  canGrantScope,
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EMAIL_INVALID_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  isValidEmail,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  roleRequiredMessage,
  TEAM_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type GrantableScope,
  type Invitation,
  type InvitationResult,
  type InvitationSkip,
  INVITATION_ALREADY_MEMBER_MESSAGE,
  type InvitationStatus,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { invitations } from './accounts.tables.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { users } from '../users/users.tables.ts';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors.ts';
import { assertOrganizationOwner, getHeldScope, getOwnedOrganizationIds } from './access.ts';
import { recordAuditEvent } from './audit.service.ts';
import { toIsoTimestamp, uuidArray, type Executor } from './list-helpers.ts';
import { deliver, type InvitationSettings } from './invitation-delivery.ts';

export { INVITATION_PATH, type InvitationSettings } from './invitation-delivery.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export type InvitationRow = typeof invitations.$inferSelect;

export function readStatus(row: Pick<InvitationRow, 'status' | 'expiresAt'>): InvitationStatus {
  return row.status === 'pending' && row.expiresAt <= new Date() ? 'expired' : row.status;
}

export function present(
  row: InvitationRow,
  label: string,
  inviterEmail: string | null,
): Invitation {
  return {
    id: row.id,
    organizationId: row.namespaceId,
    organizationLabel: label,
    email: row.email,
    name: row.name,
    scope: row.scope,
    teamIds: row.teamIds,
    status: readStatus(row),
    expiresAt: toIsoTimestamp(row.expiresAt),
    invitedByEmail: inviterEmail,
    createdAt: toIsoTimestamp(row.createdAt),
  };
}

function assertMayInvite(user: CurrentUser, organizationId: string, scope: GrantableScope): void {
  if (!canGrantScope({ isAdmin: user.isAdmin, held: getHeldScope(user, organizationId) }, scope)) {
    throw forbidden(roleRequiredMessage('owner:ns'));
  }
}

/**
 * Invites emails into an organization. Every address is checked first (spec §5 email rule, teams
 * of this organization); a bad address or team refuses the whole request naming each bad address,
 * and nothing is written. People already members are skipped and listed with the reason (`skipped`);
 * only when nobody is left does the request answer 409. Then all invitations are recorded in one transaction (a
 * pending one for the same email and organization is replaced, its old link dead) and the emails
 * go out; the answer says which were sent.
 */
export async function createInvitations(
  db: Database,
  settings: InvitationSettings,
  user: CurrentUser,
  organizationId: string,
  input: {
    emails: string[];
    names?: Record<string, string> | undefined;
    scope: GrantableScope;
    teamIds: string[];
  },
): Promise<{ results: InvitationResult[]; skipped: InvitationSkip[] }> {
  await assertOrganizationOwner(db, user, organizationId);
  assertMayInvite(user, organizationId, input.scope);
  const emails = [
    ...new Map(
      input.emails
        .map((email) => email.trim())
        .filter(Boolean)
        .map((email) => [email.toLowerCase(), email]),
    ).values(),
  ];
  if (emails.length === 0) {
    throw badRequest('Enter at least one email address.');
  }
  const invalid = emails.filter((email) => !isValidEmail(email));
  if (invalid.length > 0) {
    throw badRequest(
      `Nobody was invited. ${invalid.map((email) => `"${email}" ${INVITATION_EMAIL_INVALID_MESSAGE}`).join(' ')}`,
    );
  }
  const teamIds = [...new Set(input.teamIds)];
  if (teamIds.length > 0) {
    const found = await db.execute(
      sql`select id from teams where namespace_id = ${organizationId} and id = any(${uuidArray(teamIds)})`,
    );
    if (found.rows.length !== teamIds.length) {
      throw notFound(TEAM_NOT_FOUND_MESSAGE);
    }
  }
  const members = await db.execute<{ email: string }>(sql`
    select u.email from ${userNamespaces} un join ${users} u on u.id = un.user_id
    where un.namespace_id = ${organizationId} and lower(u.email) = any(${sql.param(emails.map((email) => email.toLowerCase()))}::text[])`);
  // Members already in are skipped, not a reason to refuse the others (issue 32).
  const memberEmails = new Set(members.rows.map((row) => row.email.toLowerCase()));
  const skipped: InvitationSkip[] = emails
    .filter((email) => memberEmails.has(email.toLowerCase()))
    .map((email) => ({ email, reason: INVITATION_ALREADY_MEMBER_MESSAGE }));
  const invitees = emails.filter((email) => !memberEmails.has(email.toLowerCase()));
  if (invitees.length === 0) {
    throw conflict(
      `Nobody was invited. Already a member: ${skipped.map((skip) => skip.email).join(', ')}.`,
    );
  }
  const [organization] = await db
    .select({ label: namespaces.label })
    .from(namespaces)
    .where(eq(namespaces.id, organizationId));
  if (!organization) {
    throw notFound(ORGANIZATION_NOT_FOUND_MESSAGE);
  }
  const namesByEmail = new Map(
    Object.entries(input.names ?? {}).map(([email, name]) => [email.trim().toLowerCase(), name]),
  );
  const expiresAt = new Date(Date.now() + settings.expiryDays * 24 * 60 * 60 * 1000);
  const created = await db.transaction(async (tx) => {
    const out: {
      id: string;
      email: string;
      token: string;
      replacedScope: GrantableScope | null;
    }[] = [];
    for (const email of invitees) {
      const { token, tokenHash } = newToken();
      // One pending invitation per email and organization: a new one replaces the old.
      const replaced = await tx
        .update(invitations)
        .set({ status: 'revoked', updatedAt: new Date() })
        .where(
          and(
            eq(invitations.namespaceId, organizationId),
            sql`lower(${invitations.email}) = lower(${email})`,
            eq(invitations.status, 'pending'),
          ),
        )
        .returning({ id: invitations.id, scope: invitations.scope });
      const replacedScope = replaced[0]?.scope ?? null;
      const [row] = await tx
        .insert(invitations)
        .values({
          namespaceId: organizationId,
          email,
          name: namesByEmail.get(email.toLowerCase())?.trim() || null,
          scope: input.scope,
          teamIds,
          tokenHash,
          expiresAt,
          invitedBy: user.iam,
        })
        .returning({ id: invitations.id });
      await recordAuditEvent(tx, user, {
        organization: { id: organizationId, label: organization.label },
        action: 'invitation.created',
        targetType: 'invitation',
        targetId: row!.id,
        targetLabel: email,
        before:
          replacedScope !== null
            ? { status: 'pending', scope: replacedScope, replaced: true }
            : null,
        after: {
          status: 'pending',
          scope: input.scope,
          teamIds,
          expiresAt: expiresAt.toISOString(),
        },
      });
      out.push({ id: row!.id, email, token, replacedScope });
    }
    return out;
  });
  const results: InvitationResult[] = [];
  for (const invitation of created) {
    results.push(
      await deliver(settings, {
        ...invitation,
        label: organization.label,
        inviterEmail: user.email,
        expiresAt,
      }),
    );
  }
  return { results, skipped };
}

export async function listInvitations(
  db: Database,
  user: CurrentUser,
  query: { organizationId?: string | undefined; status?: InvitationStatus | undefined },
): Promise<Invitation[]> {
  const owned = getOwnedOrganizationIds(user);
  const result = await db.execute<{ id: string }>(sql`
    select i.id from invitations i
    where ${owned === 'all' ? sql`true` : sql`i.namespace_id = any(${uuidArray(owned)})`}
    ${query.organizationId ? sql`and i.namespace_id = ${query.organizationId}` : sql``}
    ${
      query.status === 'expired'
        ? sql`and i.status = 'pending' and i.expires_at <= now()`
        : query.status === 'pending'
          ? sql`and i.status = 'pending' and i.expires_at > now()`
          : query.status
            ? sql`and i.status = ${query.status}`
            : sql``
    }
    order by i.created_at desc limit 500`);
  return loadInvitations(
    db,
    result.rows.map((row) => row.id),
  );
}

async function loadInvitations(db: Executor, ids: string[]): Promise<Invitation[]> {
  if (ids.length === 0) {
    return [];
  }
  const rows = await db
    .select({ invitation: invitations, label: namespaces.label, inviter: users.email })
    .from(invitations)
    .innerJoin(namespaces, eq(namespaces.id, invitations.namespaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(sql`${invitations.id} = any(${uuidArray(ids)})`);
  const byId = new Map(
    rows.map((row) => [row.invitation.id, present(row.invitation, row.label, row.inviter)]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function loadOwnedInvitation(db: Executor, user: CurrentUser, id: string) {
  const [row] = await db
    .select({ invitation: invitations, label: namespaces.label })
    .from(invitations)
    .innerJoin(namespaces, eq(namespaces.id, invitations.namespaceId))
    .where(eq(invitations.id, id));
  const owned = getOwnedOrganizationIds(user);
  if (!row || (owned !== 'all' && !owned.includes(row.invitation.namespaceId))) {
    throw notFound(INVITATION_NOT_FOUND_MESSAGE);
  }
  return row;
}

/** Resend: a new link (the old one stops working) and a renewed expiry, for pending or expired ones. */
export async function resendInvitation(
  db: Database,
  settings: InvitationSettings,
  user: CurrentUser,
  id: string,
): Promise<InvitationResult> {
  const { invitation, label } = await loadOwnedInvitation(db, user, id);
  if (invitation.status === 'accepted') {
    throw conflict(INVITATION_ACCEPTED_MESSAGE);
  }
  if (invitation.status === 'revoked') {
    throw conflict(INVITATION_REVOKED_MESSAGE);
  }
  assertMayInvite(user, invitation.namespaceId, invitation.scope);
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(Date.now() + settings.expiryDays * 24 * 60 * 60 * 1000);
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ tokenHash, expiresAt, updatedAt: new Date() })
      .where(eq(invitations.id, id));
    await recordAuditEvent(tx, user, {
      organization: { id: invitation.namespaceId, label },
      action: 'invitation.resent',
      targetType: 'invitation',
      targetId: id,
      targetLabel: invitation.email,
      before: { status: readStatus(invitation), expiresAt: invitation.expiresAt.toISOString() },
      after: { status: 'pending', expiresAt: expiresAt.toISOString() },
    });
  });
  return deliver(settings, {
    id,
    email: invitation.email,
    token,
    label,
    inviterEmail: user.email,
    expiresAt,
    replacedScope: null,
  });
}

export async function revokeInvitation(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<Invitation> {
  const { invitation, label } = await loadOwnedInvitation(db, user, id);
  if (invitation.status !== 'pending') {
    throw conflict(
      invitation.status === 'accepted' ? INVITATION_ACCEPTED_MESSAGE : INVITATION_REVOKED_MESSAGE,
    );
  }
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ status: 'revoked', updatedAt: new Date() })
      .where(eq(invitations.id, id));
    await recordAuditEvent(tx, user, {
      organization: { id: invitation.namespaceId, label },
      action: 'invitation.revoked',
      targetType: 'invitation',
      targetId: id,
      targetLabel: invitation.email,
      before: { status: readStatus(invitation) },
      after: { status: 'revoked' },
    });
  });
  return (await loadInvitations(db, [id]))[0]!;
}
