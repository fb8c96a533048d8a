import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import { MAX_INVITATION_EMAILS } from './account.ts';
import { invitationResultSchema, invitationSkipSchema } from './invitations.ts';

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
