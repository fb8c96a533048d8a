import { hasRoleInNamespace, type CurrentUser } from '@conversa/contracts';

/** Namespaces where the user may create storyfiles (edit role or higher there; admins: all). */
export function getEditableNamespaces(user: CurrentUser): { id: string; label: string }[] {
  return user.namespaces
    .filter((namespace) => hasRoleInNamespace(user, namespace.id, 'edit:ns'))
    .map(({ id, label }) => ({ id, label }));
}

/**
 * Whether the user may change a storyfile: edit role in the namespace that holds it. auth/me
 * lists only a bounded number of storyfiles per namespace, so the namespace decides here, as it
 * does on the server.
 */
export function canEditStoryfile(user: CurrentUser, storyfile: { namespaceId: string }): boolean {
  return hasRoleInNamespace(user, storyfile.namespaceId, 'edit:ns');
}

/** Restoring a deleted storyfile needs the owner role in its namespace. */
export function canRestoreStoryfile(
  user: CurrentUser,
  storyfile: { namespaceId: string },
): boolean {
  return hasRoleInNamespace(user, storyfile.namespaceId, 'owner:ns');
}
