import { z } from 'zod';

/** Role values of spec §6, as stored on a user's membership of a namespace. */
export const SCOPES = [
  'super_admin',
  'owner:ns',
  'edit:ns',
  'read:ns',
  'restricted:ns',
  'non_conversa_user',
] as const;
export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

/** The scopes an operator may grant on a namespace (spec §6 namespace roles). */
export const GRANTABLE_SCOPES = ['owner:ns', 'edit:ns', 'read:ns', 'restricted:ns'] as const;
export const grantableScopeSchema = z.enum(GRANTABLE_SCOPES);

/** Namespace attribute flags of spec §3. */
export const NAMESPACE_ATTRIBUTES = [
  'LEARNING_MODULE',
  'SSO_WHITELIST',
  'SHOW_PRESETS',
  'PRESET_ASK_SANTA',
  'PRESET_MEDTRONIC',
  'PRESET_TIME',
  'PRESET_HEALTHY_SOIL',
] as const;
export const namespaceAttributeSchema = z.enum(NAMESPACE_ATTRIBUTES);
export type NamespaceAttribute = z.infer<typeof namespaceAttributeSchema>;

export const namespaceAttributesSchema = z.partialRecord(namespaceAttributeSchema, z.boolean());
export type NamespaceAttributes = z.infer<typeof namespaceAttributesSchema>;

/** A namespace as the current user sees it (spec §3 Namespace). */
export const currentUserNamespaceSchema = z.object({
  id: z.string(),
  label: z.string(),
  attributes: namespaceAttributesSchema,
  /** The first entry carries the user's scope in this namespace. */
  userNamespaces: z.array(z.object({ scope: scopeSchema })),
  storyfileNamespaces: z.array(z.object({ storyfileId: z.string() })),
  /**
   * Only while the organization's free trial runs: its storyfile limit (null: none) and the live
   * storyfiles that limit counts, so the New storyfile form can say the limit before it is filled
   * (issue 44).
   */
  trial: z
    .object({ storyfileLimit: z.number().int().nullable(), storyfileCount: z.number().int() })
    .optional(),
});
export type CurrentUserNamespace = z.infer<typeof currentUserNamespaceSchema>;

/** Answer of `GET /v1/conversa/auth/me` (spec §3 Current user). */
export const currentUserSchema = z.object({
  isAdmin: z.boolean(),
  isLoggedIn: z.boolean(),
  iam: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  namespaces: z.array(currentUserNamespaceSchema),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
