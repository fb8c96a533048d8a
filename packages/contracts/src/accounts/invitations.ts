import { z } from 'zod';

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
