import { eq, sql } from 'drizzle-orm';
import {
  getDisplayName,
  INVITATION_ACCEPTED_MESSAGE,
  INVITATION_EXPIRED_MESSAGE,
  INVITATION_NOT_FOUND_MESSAGE,
  INVITATION_REVOKED_MESSAGE,
  type Invitation,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { invitations, teamMembers } from './accounts.tables.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { addMembership } from '../namespaces/index.ts';
import { insertUser, updateUser } from '../users/index.ts';
import { users } from '../users/users.tables.ts';
import { recordAuditEvent } from './audit.service.ts';
import type { Executor } from './list-helpers.ts';
import { hashToken, present, readStatus, type InvitationRow } from './invitations.service.ts';

// Accepting an invitation: what its link shows, joining on sign-in (every waiting invitation for a
// verified email) and a new person's account made from the link, each in one transaction.

export type InvitationLookup =
  | { ok: true; invitation: Invitation; hasAccount: boolean; hasPassword: boolean }
  | { ok: false; message: string };

/** What an invitation link shows: the invitation, or why it no longer works. */
export async function findInvitationByToken(
  db: Database,
  token: string,
): Promise<InvitationLookup> {
  const [row] = await db
    .select({ invitation: invitations, label: namespaces.label, inviter: users.email })
    .from(invitations)
    .innerJoin(namespaces, eq(namespaces.id, invitations.namespaceId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (!row) {
    return { ok: false, message: INVITATION_NOT_FOUND_MESSAGE };
  }
  const status = readStatus(row.invitation);
  if (status !== 'pending') {
    return {
      ok: false,
      message:
        status === 'expired'
          ? INVITATION_EXPIRED_MESSAGE
          : status === 'revoked'
            ? INVITATION_REVOKED_MESSAGE
            : INVITATION_ACCEPTED_MESSAGE,
    };
  }
  const [account] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(
      sql`lower(${users.email}) = lower(${row.invitation.email}) and ${users.deletedAt} is null`,
    );
  return {
    ok: true,
    invitation: present(row.invitation, row.label, row.inviter),
    hasAccount: account !== undefined,
    hasPassword: Boolean(account?.passwordHash),
  };
}

/** Joins the user to the organization with the invitation's role and teams; audited. */
async function acceptInTransaction(
  tx: Executor,
  invitation: InvitationRow,
  label: string,
  account: { id: string; email: string; firstName: string | null; lastName: string | null },
): Promise<void> {
  await addMembership(
    tx,
    { userId: account.id, namespaceId: invitation.namespaceId, scope: invitation.scope },
    { isKeepingExisting: true },
  );
  for (const teamId of invitation.teamIds) {
    await tx.insert(teamMembers).values({ teamId, userId: account.id }).onConflictDoNothing();
  }
  await tx
    .update(invitations)
    .set({
      status: 'accepted',
      acceptedBy: account.id,
      acceptedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(invitations.id, invitation.id));
  await recordAuditEvent(
    tx,
    { iam: account.id, email: account.email },
    {
      organization: { id: invitation.namespaceId, label },
      action: 'invitation.accepted',
      targetType: 'invitation',
      targetId: invitation.id,
      targetLabel: getDisplayName(account),
      before: { status: 'pending' },
      after: { status: 'accepted', scope: invitation.scope },
    },
  );
}

/**
 * Accepts every pending, unexpired invitation for the user's (verified) email: called when they
 * sign in, through the embedded provider or an upstream one. Answers how many were accepted.
 */
export async function acceptPendingInvitations(db: Database, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [account] = await tx.select().from(users).where(eq(users.id, userId));
    if (!account || account.deletedAt) {
      return 0;
    }
    const pending = await tx
      .select({ invitation: invitations, label: namespaces.label })
      .from(invitations)
      .innerJoin(namespaces, eq(namespaces.id, invitations.namespaceId))
      .where(
        sql`lower(${invitations.email}) = lower(${account.email}) and ${invitations.status} = 'pending'
          and ${invitations.expiresAt} > now()`,
      )
      .for('update');
    for (const { invitation, label } of pending) {
      await acceptInTransaction(tx, invitation, label, account);
    }
    if (pending.length > 0 && account.deprovisionedAt) {
      // An organization takes in again an account its only former organization deprovisioned.
      await updateUser(tx, userId, { deprovisionedAt: null });
    }
    return pending.length;
  });
}

/** A new person's acceptance: creates the account with a password and joins, in one transaction. */
export async function acceptInvitationWithNewAccount(
  db: Database,
  token: string,
  input: { firstName: string; lastName: string; passwordHash: string },
): Promise<{ ok: true; email: string } | { ok: false; message: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ invitation: invitations, label: namespaces.label })
      .from(invitations)
      .innerJoin(namespaces, eq(namespaces.id, invitations.namespaceId))
      .where(eq(invitations.tokenHash, hashToken(token)))
      .for('update');
    if (!row || readStatus(row.invitation) !== 'pending') {
      return {
        ok: false,
        message: row ? INVITATION_EXPIRED_MESSAGE : INVITATION_NOT_FOUND_MESSAGE,
      };
    }
    const email = row.invitation.email;
    const [existing] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    if (existing?.passwordHash) {
      return { ok: false, message: 'An account with this email exists. Sign in to accept.' };
    }
    const account = existing
      ? (await updateUser(tx, existing.id, {
          passwordHash: input.passwordHash,
          firstName: input.firstName || existing.firstName,
          lastName: input.lastName || existing.lastName,
        }))!
      : await insertUser(tx, {
          email,
          firstName: input.firstName || null,
          lastName: input.lastName || null,
          passwordHash: input.passwordHash,
        });
    await acceptInTransaction(tx, row.invitation, row.label, account);
    return { ok: true, email };
  });
}
