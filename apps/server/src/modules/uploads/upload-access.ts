import { and, eq, inArray } from 'drizzle-orm';
import {
  canSeeNamespace,
  CLIP_KINDS,
  formatStoryfileDeletedMessage,
  hasRoleInNamespace,
  NAMESPACE_NOT_FOUND_MESSAGE,
  roleRequiredMessage,
  STORYFILE_NOT_FOUND_MESSAGE,
  UPLOAD_REJECTION_MESSAGES,
  type AvatarResourceType,
  type ClipKind,
  type CurrentUser,
  type Scope,
} from '@conversa/contracts';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { namespaces, userNamespaces } from '../namespaces/namespaces.tables.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';

export type AccessDecision = { ok: true } | { ok: false; status: 403 | 404 | 409; message: string };

const ALLOW: AccessDecision = { ok: true };

/** The namespace containing a storyfile (the gateway's resolver); null for an unknown id. */
export type StoryfileNamespaceLookup = (storyfileId: string) => Promise<string | null>;

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * Spec §6 storyfile access at `required`: admin, or a namespace whose scope suffices and which
 * contains the storyfile. An unknown storyfile and one of a namespace the user has no scope in
 * both answer 404, as the gateway does, so ids reveal nothing about other namespaces.
 */
export async function checkStoryfileAccess(
  user: CurrentUser,
  storyfileId: string,
  required: Scope,
  lookup: StoryfileNamespaceLookup | null,
): Promise<AccessDecision> {
  // Without the storyfiles module's resolver nobody can be shown to have access: fail closed.
  const namespaceId = isUuid(storyfileId) && lookup ? await lookup(storyfileId) : null;
  if (namespaceId === null || !canSeeNamespace(user, namespaceId)) {
    return { ok: false, status: 404, message: STORYFILE_NOT_FOUND_MESSAGE };
  }
  return hasRoleInNamespace(user, namespaceId, required)
    ? ALLOW
    : { ok: false, status: 403, message: roleRequiredMessage(required) };
}

export type VideoTarget = { questionId: string } | { clipKind: ClipKind };

/**
 * Whether the user may upload an answer onto a question of the storyfile, or a clip onto it:
 * edit on the storyfile (spec §6), the storyfile not deleted, the question one of its own.
 */
export async function canEditStoryfileTarget(
  db: Database,
  user: CurrentUser,
  input: { storyfileId: string; target: VideoTarget },
  lookup: StoryfileNamespaceLookup | null,
): Promise<AccessDecision> {
  const access = await checkStoryfileAccess(user, input.storyfileId, 'edit:ns', lookup);
  if (!access.ok) {
    return access;
  }
  const [storyfile] = await db
    .select({ name: storyfiles.name, deletedAt: storyfiles.deletedAt })
    .from(storyfiles)
    .where(eq(storyfiles.id, input.storyfileId));
  if (!storyfile) {
    return { ok: false, status: 404, message: STORYFILE_NOT_FOUND_MESSAGE };
  }
  if (storyfile.deletedAt !== null) {
    return {
      ok: false,
      status: 409,
      message: formatStoryfileDeletedMessage(storyfile.name),
    };
  }
  if ('clipKind' in input.target) {
    return (CLIP_KINDS as readonly string[]).includes(input.target.clipKind)
      ? ALLOW
      : { ok: false, status: 404, message: UPLOAD_REJECTION_MESSAGES.unknownClipKind };
  }
  const questionId = input.target.questionId;
  const [question] = isUuid(questionId)
    ? await db
        .select({ id: storyfileQuestions.id })
        .from(storyfileQuestions)
        .where(
          and(
            eq(storyfileQuestions.id, questionId),
            eq(storyfileQuestions.storyfileId, input.storyfileId),
          ),
        )
    : [];
  return question
    ? ALLOW
    : { ok: false, status: 404, message: UPLOAD_REJECTION_MESSAGES.unknownQuestion };
}

async function namespaceExists(db: Database, namespaceId: string): Promise<boolean> {
  if (!isUuid(namespaceId)) {
    return false;
  }
  const [row] = await db
    .select({ id: namespaces.id })
    .from(namespaces)
    .where(eq(namespaces.id, namespaceId));
  return row !== undefined;
}

/**
 * Who may set an avatar ("owns" the resource): a user their own (admins anyone's); a storyfile's
 * editors; a namespace's owners. Roles, learning activities and promo codes have no records in
 * the studio yet, so only platform admins set theirs (promo codes are admin-only anyway, §2).
 */
export async function canSetAvatar(
  db: Database,
  user: CurrentUser,
  resourceType: AvatarResourceType,
  resourceId: string,
  lookup: StoryfileNamespaceLookup | null,
): Promise<AccessDecision> {
  switch (resourceType) {
    case 'user':
      return user.isAdmin || resourceId === user.iam
        ? ALLOW
        : { ok: false, status: 403, message: roleRequiredMessage('super_admin') };
    case 'storyfile':
      return checkStoryfileAccess(user, resourceId, 'edit:ns', lookup);
    case 'namespace':
      if (!(await namespaceExists(db, resourceId)) || !canSeeNamespace(user, resourceId)) {
        return { ok: false, status: 404, message: NAMESPACE_NOT_FOUND_MESSAGE };
      }
      return hasRoleInNamespace(user, resourceId, 'owner:ns')
        ? ALLOW
        : { ok: false, status: 403, message: roleRequiredMessage('owner:ns') };
    case 'role':
    case 'learning_activity':
    case 'promo_code':
      return user.isAdmin
        ? ALLOW
        : { ok: false, status: 403, message: roleRequiredMessage('super_admin') };
  }
}

/**
 * Who may see an avatar: a user's by themselves, admins and anyone sharing a namespace with
 * them; a storyfile's or namespace's by anyone with a scope there; the others by any signed-in
 * user. Refusals look like "no avatar" (404), so the web falls back to the logo either way.
 */
export async function canViewAvatar(
  db: Database,
  user: CurrentUser,
  resourceType: AvatarResourceType,
  resourceId: string,
  lookup: StoryfileNamespaceLookup | null,
): Promise<boolean> {
  switch (resourceType) {
    case 'user': {
      if (user.isAdmin || resourceId === user.iam) {
        return true;
      }
      const mine = user.namespaces.map((namespace) => namespace.id);
      if (mine.length === 0 || !isUuid(resourceId)) {
        return false;
      }
      const [shared] = await db
        .select({ namespaceId: userNamespaces.namespaceId })
        .from(userNamespaces)
        .where(
          and(eq(userNamespaces.userId, resourceId), inArray(userNamespaces.namespaceId, mine)),
        )
        .limit(1);
      return shared !== undefined;
    }
    case 'storyfile':
      return (await checkStoryfileAccess(user, resourceId, 'read:ns', lookup)).ok;
    case 'namespace':
      return canSeeNamespace(user, resourceId);
    case 'role':
    case 'learning_activity':
    case 'promo_code':
      return true;
  }
}
