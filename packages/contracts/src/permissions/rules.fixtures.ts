import type { CurrentUser, CurrentUserNamespace, Scope } from '../auth/current-user.ts';

// Signed-in people and their namespaces for the permission rules' table tests (rules-*.test.ts).

export function buildNamespace(
  overrides: Partial<CurrentUserNamespace> = {},
): CurrentUserNamespace {
  return {
    id: 'ns-1',
    label: 'Acme',
    attributes: {},
    userNamespaces: [{ scope: 'read:ns' }],
    storyfileNamespaces: [],
    ...overrides,
  };
}

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    isAdmin: false,
    isLoggedIn: true,
    iam: 'iam-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    namespaces: [],
    ...overrides,
  };
}

export function buildUserWithScope(scope: Scope, namespace: Partial<CurrentUserNamespace> = {}) {
  return buildUser({
    namespaces: [buildNamespace({ userNamespaces: [{ scope }], ...namespace })],
  });
}
