// The accounts module's public entry: what auth, identity and the assembly may use.
export {
  acceptInvitationWithNewAccount,
  acceptPendingInvitations,
  findInvitationByToken,
} from './invitation-acceptance.ts';
export { INVITATION_PATH } from './invitations.service.ts';
export { createMailer, type Mailer } from './mailer.ts';
export { isUserAllowed, type SignInRevoker } from './sessions.ts';
export { admitThroughWhitelist } from './whitelist.service.ts';
export { recordAuditEvent, type AuditEntry } from './audit.service.ts';
export { deletePastScimAuthFailures } from './scim-auth-limit.ts';
export type { OrganizationStoryfiles } from './organization-storyfiles.ts';
