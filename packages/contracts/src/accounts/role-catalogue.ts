import { z } from 'zod';
import {
  GRANTABLE_SCOPES,
  scopeSchema,
  type CurrentUser,
  type Scope,
} from '../auth/current-user.ts';
import { defineContract } from '../contract.ts';
import {
  checkRequirement,
  getBaseProductAccessGroup,
  getScopeDisplayName,
  type Requirement,
} from '../permissions/rules.ts';
import { ROUTES } from '../routes.ts';

/**
 * What a role may do beyond seeing screens, each with the requirement the server declares for it
 * (the same constants the contracts use), so the catalogue is computed, never written by hand.
 */
export const ROLE_ACTIONS = [
  {
    label: 'See storyfiles, scripts and chat logs',
    requirement: { kind: 'role', scope: 'read:ns' },
  },
  {
    label: 'Create, record and edit storyfiles and scripts',
    requirement: { kind: 'role', scope: 'edit:ns' },
  },
  {
    label: 'Invite people, change roles, manage teams',
    requirement: { kind: 'role', scope: 'owner:ns' },
  },
  {
    label: 'Create, rename and delete organizations, set attributes',
    requirement: { kind: 'admin' },
  },
] as const satisfies readonly { label: string; requirement: Requirement }[];

export const roleCatalogueEntrySchema = z.object({
  scope: scopeSchema,
  displayName: z.string(),
  productAccessGroup: z.string().nullable(),
  screens: z.array(z.object({ path: z.string(), label: z.string() })),
  actions: z.array(z.string()),
  /** People holding the role (effective scope) in the organizations the caller owns. */
  memberCount: z.number().int(),
});
export type RoleCatalogueEntry = z.infer<typeof roleCatalogueEntrySchema>;

function sampleUser(scope: Scope): CurrentUser {
  const isAdmin = scope === 'super_admin';
  return {
    isAdmin,
    isLoggedIn: true,
    iam: 'sample',
    firstName: null,
    lastName: null,
    email: 'sample@example.com',
    namespaces: isAdmin
      ? []
      : [
          {
            id: 'sample',
            label: 'Sample',
            attributes: {},
            userNamespaces: [{ scope }],
            storyfileNamespaces: [],
          },
        ],
  };
}

/**
 * The role catalogue: for each role, the menu screens and actions that `checkRequirement` (the
 * server's own check) allows a member holding only that role, in an organization without
 * attributes. Member counts are filled in by the server.
 */
export function buildRoleCatalogue(): Omit<RoleCatalogueEntry, 'memberCount'>[] {
  const scopes: Scope[] = ['super_admin', ...GRANTABLE_SCOPES];
  return scopes.map((scope) => {
    const user = sampleUser(scope);
    return {
      scope,
      displayName: getScopeDisplayName(scope),
      productAccessGroup: getBaseProductAccessGroup(scope) ?? null,
      screens: ROUTES.filter(
        (route) => route.section !== null && checkRequirement(user, route.requirement).ok,
      ).map((route) => ({ path: route.path, label: route.label })),
      actions: ROLE_ACTIONS.filter((action) => checkRequirement(user, action.requirement).ok).map(
        (action) => action.label,
      ),
    };
  });
}

export const getRoleCatalogueContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/roles',
  summary: 'The role catalogue generated from the permission rules, with members per role',
  tags: ['accounts'],
  permission: { kind: 'role', scope: 'owner:ns' },
  response: z.object({ items: z.array(roleCatalogueEntrySchema) }),
});
