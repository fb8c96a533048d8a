import { hasRoleInNamespace, type CurrentUser, type Script } from '@conversa/contracts';

/**
 * Whether the user may change a script: shipped templates are read-only for everyone (they are
 * duplicated instead), and a namespace's script needs at least edit there.
 */
export function canEditScript(
  user: CurrentUser,
  script: Pick<Script, 'isShipped' | 'namespaceId'>,
): boolean {
  return (
    !script.isShipped &&
    script.namespaceId !== null &&
    hasRoleInNamespace(user, script.namespaceId, 'edit:ns')
  );
}
