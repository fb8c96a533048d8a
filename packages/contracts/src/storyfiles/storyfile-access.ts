import type { CurrentUser } from '../auth/current-user.ts';
import { hasRoleInNamespace } from '../permissions/rules.ts';

/**
 * Whether the user may learn that items of a namespace exist: admin, or any scope there (a
 * required read scope is satisfied by any scope, spec §6). Callers answer "not found" otherwise,
 * so ids of other namespaces reveal nothing.
 */
export function canSeeNamespace(user: CurrentUser, namespaceId: string): boolean {
  return hasRoleInNamespace(user, namespaceId, 'read:ns');
}

/**
 * The user as spec §6 storyfile access sees it for one storyfile: the namespace that contains it
 * lists it in `storyfileNamespaces`. auth/me lists only a bounded number of storyfiles per
 * namespace, so the server looks up the one storyfile a request names and presents that fact
 * here; `canAccessStoryfile` then decides as the spec words it.
 */
export function withStoryfileInNamespace(
  user: CurrentUser,
  storyfileId: string,
  namespaceId: string,
): CurrentUser {
  return {
    ...user,
    namespaces: user.namespaces.map((namespace) =>
      namespace.id !== namespaceId ||
      namespace.storyfileNamespaces.some((entry) => entry.storyfileId === storyfileId)
        ? namespace
        : {
            ...namespace,
            storyfileNamespaces: [...namespace.storyfileNamespaces, { storyfileId }],
          },
    ),
  };
}
