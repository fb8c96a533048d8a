import {
  canSeeNamespace,
  hasRoleInNamespace,
  NAMESPACE_NOT_FOUND_MESSAGE,
  roleRequiredMessage,
  type CurrentUser,
  type Scope,
} from '@conversa/contracts';
import { eq } from 'drizzle-orm';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Executor } from './executor.ts';

/**
 * The namespaces a user's lists draw from. `all` for platform admins (spec §6: admins pass every
 * role check); otherwise the namespaces with a label and a first scope, as the role rules count
 * them. `owned` are those where deleted items may be listed for restore.
 */
export interface NamespaceAccess {
  visible: 'all' | string[];
  owned: 'all' | string[];
}

export function getNamespaceAccess(user: CurrentUser): NamespaceAccess {
  if (user.isAdmin) {
    return { visible: 'all', owned: 'all' };
  }
  const visible = user.namespaces
    .filter((namespace) => canSeeNamespace(user, namespace.id))
    .map((namespace) => namespace.id);
  const owned = visible.filter((id) => hasRoleInNamespace(user, id, 'owner:ns'));
  return { visible, owned };
}

/**
 * Checks the user's scope in the namespace an item belongs to. No scope there at all answers
 * `notFoundMessage` (as for an id that does not exist); some scope, but too little, answers 403
 * with the spec's role message.
 */
export function assertNamespaceRole(
  user: CurrentUser,
  namespaceId: string,
  required: Scope,
  notFoundMessage: string = NAMESPACE_NOT_FOUND_MESSAGE,
): void {
  if (!canSeeNamespace(user, namespaceId)) {
    throw notFound(notFoundMessage);
  }
  if (!hasRoleInNamespace(user, namespaceId, required)) {
    throw forbidden(roleRequiredMessage(required));
  }
}

/** Narrows a requested namespace filter to what the user can see (404 for any other). */
export function resolveNamespaceFilter(
  user: CurrentUser,
  namespaceIds: readonly string[] | undefined,
): 'all' | string[] {
  const access = getNamespaceAccess(user);
  if (namespaceIds === undefined) {
    return access.visible;
  }
  for (const id of namespaceIds) {
    if (!canSeeNamespace(user, id)) {
      throw notFound(NAMESPACE_NOT_FOUND_MESSAGE);
    }
  }
  return [...namespaceIds];
}

/** Admins pass every role check, so a namespace they name must also exist. */
export async function assertNamespaceExists(db: Executor, namespaceId: string): Promise<void> {
  const [row] = await db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(eq(namespaces.id, namespaceId));
  if (!row) {
    throw notFound(NAMESPACE_NOT_FOUND_MESSAGE);
  }
}
