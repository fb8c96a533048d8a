import { z } from 'zod';
import { grantableScopeSchema } from '../auth/current-user.ts';
import { getScopeDisplayName } from '../permissions/rules.ts';

export const invitationResultSchema = z.object({
  email: z.string(),
  invitationId: z.string(),
  /** Whether the email went out; false without SMTP_URL or when the mail server refused it. */
  isEmailSent: z.boolean(),
  /** The link to copy; only when the email did not go out. */
  link: z.string().nullable(),
  problem: z.string().nullable(),
  /**
   * The role of the pending invitation to this address that this one replaced (its link no
   * longer works), or null: the inviter is told, never left to find out (issue 68).
   */
  replacedScope: grantableScopeSchema.nullable(),
});
export type InvitationResult = z.infer<typeof invitationResultSchema>;

/**
 * What the inviter is told of the pending invitations a new one replaced, in one sentence, or null:
 * `The earlier invitation of pat@acme.test as "Viewer" was replaced by this one; its link no longer works.`
 */
export function describeReplacedInvitations(results: readonly InvitationResult[]): string | null {
  const replaced = results.filter((result) => result.replacedScope !== null);
  if (replaced.length === 0) {
    return null;
  }
  const list = replaced
    .map((result) => `${result.email} as "${getScopeDisplayName(result.replacedScope!)}"`)
    .join(', ');
  return replaced.length === 1
    ? `The earlier invitation of ${list} was replaced by this one; its link no longer works.`
    : `The earlier invitations of ${list} were replaced by these; their links no longer work.`;
}

/** Why an address of a bulk invitation got no invitation while the others did. */
export const INVITATION_ALREADY_MEMBER_MESSAGE = 'Already a member of this organization.';

/** An address left out of a bulk invitation, and why. */
export const invitationSkipSchema = z.object({ email: z.string(), reason: z.string() });
export type InvitationSkip = z.infer<typeof invitationSkipSchema>;

/** The skipped addresses in one sentence: `Not invited: ana@acme.test (Already a member of this organization.)`. */
export function describeSkippedInvitations(skipped: readonly InvitationSkip[]): string {
  return `Not invited: ${skipped.map((skip) => `${skip.email} (${skip.reason})`).join('; ')}`;
}
