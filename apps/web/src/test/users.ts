import type { CurrentUser, Scope } from '@conversa/contracts';

/** A signed-in member (not a platform admin) of one namespace, with the given role there. */
export function buildMember(namespace: { id: string; label: string; scope: Scope }): CurrentUser {
  return {
    isAdmin: false,
    isLoggedIn: true,
    iam: 'u1',
    firstName: 'Vic',
    lastName: null,
    email: 'vic@example.com',
    namespaces: [
      {
        id: namespace.id,
        label: namespace.label,
        attributes: {},
        userNamespaces: [{ scope: namespace.scope }],
        storyfileNamespaces: [],
      },
    ],
  };
}
