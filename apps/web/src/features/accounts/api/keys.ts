/** Query keys of account administration; any change invalidates `all` (lists are small). */
export const accountKeys = {
  all: ['accounts'] as const,
  organizations: () => [...accountKeys.all, 'organizations'] as const,
  members: (query: object) => [...accountKeys.all, 'members', query] as const,
  invitations: (query: object) => [...accountKeys.all, 'invitations', query] as const,
  teams: (organizationId: string | undefined) =>
    [...accountKeys.all, 'teams', organizationId] as const,
  roles: () => [...accountKeys.all, 'roles'] as const,
  audit: (query: object) => [...accountKeys.all, 'audit', query] as const,
  whitelist: (organizationId: string) => [...accountKeys.all, 'whitelist', organizationId] as const,
  scimTokens: (organizationId: string) =>
    [...accountKeys.all, 'scim-tokens', organizationId] as const,
};
