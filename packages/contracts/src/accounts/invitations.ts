import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { invitationSchema, invitationStatusSchema, MAX_INVITATION_EMAILS } from './account.ts';

export const invitationResultSchema = z.object({
  email: z.string(),
  invitationId: z.string(),
  /** Whether the email went out; false without SMTP_URL or when the mail server refused it. */
  isEmailSent: z.boolean(),
  /** The link to copy; only when the email did not go out. */
  link: z.string().nullable(),
  problem: z.string().nullable(),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

/** Why an address of a bulk invitation got no invitation while the others did. */
export const INVITATION_ALREADY_MEMBER_MESSAGE = 'Already a member of this organization.';

/** An address left out of a bulk invitation, and why. */
export const invitationSkipSchema = z.object({ email: z.string(), reason: z.string() });
export type InvitationSkip = z.infer<typeof invitationSkipSchema>;

/** The skipped addresses in one sentence: `Not invited: ana@acme.test (Already a member of this organization.)`. */
export function describeSkippedInvitations(skipped: readonly InvitationSkip[]): string {
  return `Not invited: ${skipped.map((skip) => `${skip.email} (${skip.reason})`).join('; ')}`;
}

export const createInvitationsContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/organizations/:id/invitations',
  summary:
    'Invites one or many emails with a role and optional teams: a bad address refuses them all; people already members are skipped and listed with the reason (the answer says which emails went out)',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  body: z.object({
    // Validated one by one in the service, so the answer can name every bad address.
    emails: z
      .array(z.string().max(320))
      .min(1, 'Enter at least one email address.')
      .max(MAX_INVITATION_EMAILS, `Invite at most ${MAX_INVITATION_EMAILS} people at once.`),
    /**
     * Optional: each person's name by their address as written in `emails` (a CSV's name column);
     * the invitation keeps it and the join page offers it.
     */
    names: z
      .record(
        z.string().max(320),
        z.string().trim().max(200, 'A name can have at most 200 characters.'),
      )
      .default({}),
    scope: grantableScopeSchema,
    teamIds: z.array(z.uuid()).max(50).default([]),
  }),
  response: z.object({
    results: z.array(invitationResultSchema),
    skipped: z.array(invitationSkipSchema),
  }),
  successStatus: 201,
  errors: [409],
});

export const listInvitationsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/invitations',
  summary: 'Invitations of the organizations the caller owns, newest first',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  query: z.object({
    organizationId: z.uuid().optional(),
    status: invitationStatusSchema.optional(),
  }),
  response: z.object({ items: z.array(invitationSchema) }),
});

export const resendInvitationContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/invitations/:id/resend',
  summary: 'Sends a pending or expired invitation again with a new link and a renewed expiry',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  response: invitationResultSchema,
  errors: [409],
});

export const revokeInvitationContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/invitations/:id/revoke',
  summary: 'Withdraws a pending invitation; its link stops working',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: z.object({ id: z.uuid() }),
  response: invitationSchema,
  errors: [409],
});
