import { z } from 'zod';
import {
  grantableScopeSchema,
  namespaceAttributesSchema,
  scopeSchema,
} from '../auth/current-user.ts';
import {
  createListQuerySchema,
  createPageSchema,
  type ListSearchOption,
} from '../lists/list-query.ts';
import { isValidEmail } from './email.ts';

/** Console word for the spec's namespace (one entity, two names). */
export const ORGANIZATION_NOT_FOUND_MESSAGE = 'Organization not found.';
export const ORGANIZATION_NAME_TAKEN_MESSAGE = 'An organization with this name already exists.';
export const ORGANIZATION_HAS_STORYFILES_MESSAGE =
  'This organization still has storyfiles. Move or delete them before deleting the organization.';
export const LAST_OWNER_MESSAGE =
  'An organization needs at least one active "Admin". Make someone else "Admin" first.';
export const ONLY_ADMINS_MAKE_ADMINS_MESSAGE = 'Only a "Super Admin" can make platform admins.';
export const MEMBER_NOT_FOUND_MESSAGE = 'This person is not a member of the organization.';
export const INVITATION_NOT_FOUND_MESSAGE = 'Invitation not found.';
export const INVITATION_EXPIRED_MESSAGE =
  'This invitation has expired. Ask the person who invited you to send it again.';
export const INVITATION_REVOKED_MESSAGE = 'This invitation was withdrawn.';
export const INVITATION_ACCEPTED_MESSAGE = 'This invitation has already been accepted.';
export const INVITATION_EMAIL_INVALID_MESSAGE = 'is not a valid email address.';
export const TEAM_NOT_FOUND_MESSAGE = 'Team not found.';
export const TEAM_NAME_TAKEN_MESSAGE = 'A team with this name already exists in the organization.';
export const ACCOUNT_SUSPENDED_MESSAGE =
  'Your access has been suspended. Ask an owner of your organization to reactivate it.';

/** Default lifetime of an invitation link (days); INVITATION_EXPIRY_DAYS changes it. */
export const DEFAULT_INVITATION_EXPIRY_DAYS = 7;
/** Most emails one bulk invitation takes. */
export const MAX_INVITATION_EMAILS = 100;

/** An email by the spec §5 rule, trimmed. */
export const accountEmailSchema = z
  .string()
  .trim()
  .max(320)
  .refine(isValidEmail, { message: 'Enter a valid email address.' });

export const organizationLabelSchema = z
  .string()
  .trim()
  .min(1, 'An organization needs a name.')
  .max(200, 'An organization name can have at most 200 characters.');

export const organizationSchema = z.object({
  id: z.string(),
  label: z.string(),
  attributes: namespaceAttributesSchema,
  defaultScope: grantableScopeSchema,
  /** The viewer's own scope there; null for a platform admin who is not a member. */
  viewerScope: scopeSchema.nullable(),
  memberCount: z.number().int(),
  teamCount: z.number().int(),
  storyfileCount: z.number().int(),
  createdAt: z.string(),
});
export type Organization = z.infer<typeof organizationSchema>;

export const MEMBER_STATUSES = ['active', 'invited', 'suspended'] as const;
export const memberStatusSchema = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof memberStatusSchema>;

export const memberSchema = z.object({
  /** The user's id (iam), or for an invited person the invitation's id. */
  id: z.string(),
  kind: z.enum(['member', 'invitation']),
  organizationId: z.string(),
  organizationLabel: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** Spec §3 name display rule: first and last name if present, otherwise email. */
  displayName: z.string(),
  scope: grantableScopeSchema,
  /** Highest of own and teams' scopes (what the permission checks use). */
  effectiveScope: grantableScopeSchema,
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
  status: memberStatusSchema,
  isAdmin: z.boolean(),
  lastSignInAt: z.string().nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const MEMBER_SEARCH_OPTIONS = [
  { value: 'name', label: 'Name', active: true, disabled: false },
  { value: 'email', label: 'Email', active: true, disabled: false },
] as const satisfies readonly ListSearchOption[];

export const listMembersQuerySchema = createListQuerySchema({
  searchOptions: MEMBER_SEARCH_OPTIONS,
  sortFields: ['name', 'email', 'lastSignInAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
}).extend({
  organizationId: z.uuid().optional(),
  status: memberStatusSchema.optional(),
  scope: grantableScopeSchema.optional(),
});
export type ListMembersQuery = z.infer<typeof listMembersQuerySchema>;
export const memberPageSchema = createPageSchema(memberSchema);
export type MemberPage = z.infer<typeof memberPageSchema>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export const invitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

export const invitationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationLabel: z.string(),
  email: z.string(),
  /** The name the inviter gave, or null. */
  name: z.string().nullable(),
  scope: grantableScopeSchema,
  teamIds: z.array(z.string()),
  status: invitationStatusSchema,
  expiresAt: z.string(),
  invitedByEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const teamSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationLabel: z.string(),
  name: z.string(),
  scope: grantableScopeSchema.nullable(),
  members: z.array(z.object({ id: z.string(), displayName: z.string(), email: z.string() })),
});
export type Team = z.infer<typeof teamSchema>;

export const teamNameSchema = z
  .string()
  .trim()
  .min(1, 'A team needs a name.')
  .max(200, 'A team name can have at most 200 characters.');

export const auditEventSchema = z.object({
  id: z.string(),
  organizationId: z.string().nullable(),
  organizationLabel: z.string().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetLabel: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

/** Spec §3 name display rule: first and last name if present, otherwise email. */
export function getDisplayName(person: {
  firstName: string | null;
  lastName: string | null;
  email: string;
}): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
  return name || person.email;
}
