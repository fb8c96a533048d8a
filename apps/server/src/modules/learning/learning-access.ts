import { sql } from 'drizzle-orm';
import {
  ACTIVITY_NOT_FOUND_MESSAGE,
  LEARNING_NOT_ENABLED_MESSAGE,
  ORGANIZATION_NOT_FOUND_MESSAGE,
  type Activity,
  type CurrentUser,
} from '@conversa/contracts';
import { forbidden, notFound } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';

/**
 * The learning module is an owner's tool in an organization with LEARNING_MODULE (spec §2, §6).
 * An organization the user does not own answers 404 (no crossing over); one they own without the
 * attribute answers 403, and its data stays.
 */
export async function assertLearningOrganization(
  db: Executor,
  user: CurrentUser,
  organizationId: string,
  notFoundMessage = ORGANIZATION_NOT_FOUND_MESSAGE,
): Promise<void> {
  if (user.isAdmin) {
    // Admins have every attribute (spec §6); the organization must still exist.
    const found = await db.execute(sql`select 1 from ${namespaces} where id = ${organizationId}`);
    if (found.rows.length === 0) {
      throw notFound(notFoundMessage);
    }
    return;
  }
  const namespace = user.namespaces.find((entry) => entry.id === organizationId);
  if (namespace?.userNamespaces[0]?.scope !== 'owner:ns') {
    throw notFound(notFoundMessage);
  }
  if (namespace.attributes.LEARNING_MODULE !== true) {
    throw forbidden(LEARNING_NOT_ENABLED_MESSAGE);
  }
}

/** The organizations whose learning the user runs: admins every one, else owned ones with the attribute. */
export function getLearningOrganizationIds(user: CurrentUser): 'all' | string[] {
  if (user.isAdmin) {
    return 'all';
  }
  return user.namespaces
    .filter(
      (namespace) =>
        namespace.userNamespaces[0]?.scope === 'owner:ns' &&
        namespace.attributes.LEARNING_MODULE === true,
    )
    .map((namespace) => namespace.id);
}

/**
 * `assertLearningOrganization` for an activity that was found: its organization exists (a foreign
 * key), so an admin needs no further read.
 */
export async function assertActivityOrganization(
  db: Executor,
  user: CurrentUser,
  activity: Activity,
): Promise<void> {
  if (user.isAdmin) {
    return;
  }
  await assertLearningOrganization(db, user, activity.organizationId, ACTIVITY_NOT_FOUND_MESSAGE);
}
