import type {
  CurrentUser,
  CurrentUserNamespace,
  GRANTABLE_SCOPES,
  NamespaceAttribute,
  Scope,
} from '../auth/current-user.ts';

/** A scope an operator may grant on a namespace. */
export type GrantableScope = (typeof GRANTABLE_SCOPES)[number];

/** The namespace roles of spec §6 under their spec names. */
export const NAMESPACE_ROLES = {
  ReadNs: 'read:ns',
  EditNs: 'edit:ns',
  OwnerNs: 'owner:ns',
  SuperAdmin: 'super_admin',
} as const satisfies Record<string, Scope>;
export type NamespaceRole = (typeof NAMESPACE_ROLES)[keyof typeof NAMESPACE_ROLES];

const NAMESPACE_ROLE_VALUES: readonly Scope[] = Object.values(NAMESPACE_ROLES);

/** Display names of spec §6; also the `{role}` of the role-check message. */
export const SCOPE_DISPLAY_NAMES = {
  super_admin: 'Super Admin',
  'owner:ns': 'Admin',
  'edit:ns': 'Content Creator',
  'read:ns': 'Viewer',
  'restricted:ns': 'Restricted User',
  non_conversa_user: 'Non-Conversa User',
} as const satisfies Record<Scope, string>;
export type ScopeDisplayName = (typeof SCOPE_DISPLAY_NAMES)[Scope];

// Super Admin and Non-Conversa User cannot be granted on a namespace, so they fold back to the
// nearest grantable scope (spec §6 role conversion).
const SCOPE_BY_DISPLAY_NAME = {
  'Super Admin': 'owner:ns',
  Admin: 'owner:ns',
  'Content Creator': 'edit:ns',
  Viewer: 'read:ns',
  'Restricted User': 'restricted:ns',
  'Non-Conversa User': 'read:ns',
} as const satisfies Record<ScopeDisplayName, GrantableScope>;

/** Returns the display name of a scope, e.g. `edit:ns` -> `Content Creator`. */
export function getScopeDisplayName(scope: Scope): ScopeDisplayName {
  return SCOPE_DISPLAY_NAMES[scope];
}

/**
 * Converts a display name back to a grantable scope (Super Admin -> owner:ns, Non-Conversa User
 * -> read:ns); undefined for a name that is not a display name.
 */
export function getScopeFromDisplayName(displayName: string): GrantableScope | undefined {
  return Object.hasOwn(SCOPE_BY_DISPLAY_NAME, displayName)
    ? SCOPE_BY_DISPLAY_NAME[displayName as ScopeDisplayName]
    : undefined;
}

/** Message shown when a role check blocks an action (spec §5, §8). */
export function roleRequiredMessage(scope: Scope): string {
  return `You need to be at least "${getScopeDisplayName(scope)}"`;
}

/** Product-access groups of spec §6. */
export const PRODUCT_ACCESS_GROUPS = [
  'conversa',
  'conversa-studio-free-trial',
  'conversa-studio',
  'life',
] as const;
/** A group a user is placed in; `super_admin` maps to a group of its own name. */
export type ProductAccessGroup = (typeof PRODUCT_ACCESS_GROUPS)[number] | 'super_admin';

const BASE_GROUP_BY_SCOPE = {
  super_admin: 'super_admin',
  'owner:ns': 'conversa',
  'edit:ns': 'conversa',
  'read:ns': 'conversa',
  'restricted:ns': undefined,
  non_conversa_user: undefined,
} as const satisfies Record<Scope, ProductAccessGroup | undefined>;

const GROUP_ORDER: readonly ProductAccessGroup[] = ['super_admin', ...PRODUCT_ACCESS_GROUPS];

/** The base product-access group of one scope; restricted and non-Conversa users get none. */
export function getBaseProductAccessGroup(scope: Scope): ProductAccessGroup | undefined {
  return BASE_GROUP_BY_SCOPE[scope];
}

/**
 * A user's product-access groups, without duplicates, in the order of PRODUCT_ACCESS_GROUPS
 * (super_admin first). The super_admin group follows the platform admin flag, never a stored
 * scope alone: spec §6 "Super-admin level needs admin".
 */
export function getProductAccessGroups(input: {
  scopes: readonly Scope[];
  isAdmin: boolean;
  isTrialEnabled: boolean;
  /** A converted trial client's organization: conversa-studio. */
  isStudioEnabled?: boolean;
}): ProductAccessGroup[] {
  const groups = new Set<ProductAccessGroup>();
  for (const scope of input.scopes) {
    const group = getBaseProductAccessGroup(scope);
    if (group !== undefined && group !== 'super_admin') {
      groups.add(group);
    }
  }
  if (input.isAdmin) {
    groups.add('super_admin');
  }
  if (input.isTrialEnabled) {
    groups.add('conversa-studio-free-trial');
  }
  if (input.isStudioEnabled === true) {
    groups.add('conversa-studio');
  }
  return GROUP_ORDER.filter((group) => groups.has(group));
}

/**
 * Whether a held scope satisfies a required one: owner satisfies any namespace role, an exact
 * match satisfies, and a required read scope is satisfied by any scope at all (including
 * restricted:ns, as spec §6 words it). Super-admin level additionally needs the admin flag, which
 * only the user-level checks below can see.
 */
export function satisfiesScope(held: Scope, required: Scope): boolean {
  if (held === required || required === 'read:ns') {
    return true;
  }
  return held === 'owner:ns' && NAMESPACE_ROLE_VALUES.includes(required);
}

type ScopedNamespace = { namespace: CurrentUserNamespace; scope: Scope };

// Only namespaces with a label and a first user-namespace scope take part in role checks (§6).
function getScopedNamespaces(user: CurrentUser): ScopedNamespace[] {
  return user.namespaces.flatMap((namespace) => {
    const scope = namespace.userNamespaces[0]?.scope;
    return namespace.label !== '' && scope !== undefined ? [{ namespace, scope }] : [];
  });
}

function hasScopeIn(
  user: CurrentUser,
  required: Scope,
  isCandidate: (namespace: CurrentUserNamespace) => boolean,
): boolean {
  if (user.isAdmin) {
    return true;
  }
  if (required === 'super_admin') {
    return false;
  }
  return getScopedNamespaces(user).some(
    ({ namespace, scope }) => isCandidate(namespace) && satisfiesScope(scope, required),
  );
}

/** Whether the user holds at least `required` in some namespace; admins pass every check. */
export function hasRole(user: CurrentUser, required: Scope): boolean {
  return hasScopeIn(user, required, () => true);
}

/** Whether the user holds at least `required` in the given namespace; admins pass every check. */
export function hasRoleInNamespace(
  user: CurrentUser,
  namespaceId: string,
  required: Scope,
): boolean {
  return hasScopeIn(user, required, (namespace) => namespace.id === namespaceId);
}

/**
 * Storyfile access: admin, or a namespace whose scope satisfies `required` and which contains the
 * storyfile. A scope held in another namespace never grants access to it.
 */
export function canAccessStoryfile(
  user: CurrentUser,
  storyfileId: string,
  required: Scope = 'read:ns',
): boolean {
  return hasScopeIn(user, required, (namespace) =>
    namespace.storyfileNamespaces.some((entry) => entry.storyfileId === storyfileId),
  );
}

/**
 * A student: not an admin, and every namespace role they hold is the restricted one. The server
 * refuses such a user on every call not open to students (learning's own calls, auth/me).
 */
export function isRestrictedOnly(user: CurrentUser): boolean {
  if (user.isAdmin) {
    return false;
  }
  const scoped = getScopedNamespaces(user);
  return scoped.length > 0 && scoped.every(({ scope }) => scope === 'restricted:ns');
}

/** Attribute check: admin, or any namespace with the attribute set to true. */
export function hasAttribute(user: CurrentUser, attribute: NamespaceAttribute): boolean {
  return (
    user.isAdmin || user.namespaces.some((namespace) => namespace.attributes[attribute] === true)
  );
}

/** What a route or action needs; the server declares it per route, the web reads it per menu item. */
export type Requirement =
  | { kind: 'public' }
  | { kind: 'loggedIn' }
  | { kind: 'role'; scope: Scope }
  | { kind: 'attribute'; attribute: NamespaceAttribute; scope?: Scope }
  | { kind: 'admin' }
  | { kind: 'storyfile'; scope: Scope }
  /**
   * SCIM: a bearer token an organization's owner issued for provisioning; it names that
   * organization. No person holds one, so a user's session or access token never passes it.
   */
  | { kind: 'scimToken' };

export type RequirementResult = { ok: true } | { ok: false; status: 401 | 403; message: string };

/** 401 text; the spec gives none because the web redirects to / instead of showing it. */
export const LOGIN_REQUIRED_MESSAGE = 'You need to be logged in.';
/** 403 text for a missing namespace attribute; the spec gives none. */
export const FEATURE_NOT_ENABLED_MESSAGE = 'This feature is not enabled for your account.';

/** 401 text for a SCIM call without a valid SCIM token (a session or an access token is not one). */
export const SCIM_TOKEN_REQUIRED_MESSAGE =
  "SCIM calls need the organization's SCIM bearer token; an owner issues one on the Organizations screen.";

const OK: RequirementResult = { ok: true };

function denyRole(scope: Scope): RequirementResult {
  return { ok: false, status: 403, message: roleRequiredMessage(scope) };
}

/**
 * Evaluates a requirement: 401 without a logged-in user, 403 with the role-check message where a
 * role is involved. A storyfile requirement without a storyfile id fails closed.
 */
export function checkRequirement(
  user: CurrentUser | null,
  requirement: Requirement,
  context: { storyfileId?: string } = {},
): RequirementResult {
  if (requirement.kind === 'public') {
    return OK;
  }
  if (user === null || !user.isLoggedIn) {
    return { ok: false, status: 401, message: LOGIN_REQUIRED_MESSAGE };
  }
  switch (requirement.kind) {
    case 'loggedIn':
      return OK;
    case 'role':
      return hasRole(user, requirement.scope) ? OK : denyRole(requirement.scope);
    case 'attribute':
      if (requirement.scope !== undefined && !hasRole(user, requirement.scope)) {
        return denyRole(requirement.scope);
      }
      return hasAttribute(user, requirement.attribute)
        ? OK
        : { ok: false, status: 403, message: FEATURE_NOT_ENABLED_MESSAGE };
    case 'admin':
      return user.isAdmin ? OK : denyRole('super_admin');
    case 'storyfile':
      return context.storyfileId !== undefined &&
        canAccessStoryfile(user, context.storyfileId, requirement.scope)
        ? OK
        : denyRole(requirement.scope);
    case 'scimToken':
      // The gateway checks SCIM tokens itself before this; a signed-in person is not one.
      return { ok: false, status: 401, message: SCIM_TOKEN_REQUIRED_MESSAGE };
  }
}

// Namespace scopes from most to least powerful; a member's effective scope is the first one held.
const SCOPE_RANK: readonly GrantableScope[] = ['owner:ns', 'edit:ns', 'read:ns', 'restricted:ns'];

/** How powerful a namespace scope is: higher is more (owner 4 ... restricted 1, anything else 0). */
export function getScopeRank(scope: Scope | null | undefined): number {
  const index = SCOPE_RANK.indexOf(scope as GrantableScope);
  return index === -1 ? 0 : SCOPE_RANK.length - index;
}

/**
 * A member's effective scope: the highest of their own and their teams' scopes; undefined when
 * none is given.
 */
export function getHighestScope(
  scopes: readonly (GrantableScope | null | undefined)[],
): GrantableScope | undefined {
  let best: GrantableScope | undefined;
  for (const scope of scopes) {
    if (scope && getScopeRank(scope) > getScopeRank(best)) {
      best = scope;
    }
  }
  return best;
}

/**
 * No escalation: whether someone holding `held` in a namespace (or a platform admin) may grant
 * `scope` there. Owners grant up to owner; nobody below owner grants anything.
 */
export function canGrantScope(
  actor: { isAdmin: boolean; held: Scope | undefined },
  scope: GrantableScope,
): boolean {
  if (actor.isAdmin) {
    return true;
  }
  return actor.held === 'owner:ns' && getScopeRank(scope) <= getScopeRank(actor.held);
}
