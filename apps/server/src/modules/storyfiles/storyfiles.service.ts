import { eq } from 'drizzle-orm';
import {
  CLIP_KINDS,
  DEFAULT_CLIP_PROMPTS,
  DEFAULT_LANGUAGE,
  formatStoryfileNameTakenMessage,
  SCRIPT_AND_PRESET_MESSAGE,
  STORYFILE_PUBLISHED_STATUS_LOCKED_MESSAGE,
  type CreateStoryfileBody,
  type CurrentUser,
  type StoryfileDetail,
  type StoryfileSummary,
  type UpdateStoryfileBody,
} from '@conversa/contracts';
import type { Database } from '../../db/client.ts';
import { storyfileClips, storyfiles } from './storyfiles.tables.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import {
  assertNamespaceExists,
  assertNamespaceRole,
  markUpdated,
  pickDefined,
  rethrowNameTaken,
  takeDeletedColumns,
  takeRestoredColumns,
} from '../lists/index.ts';
import { assertTrialAllows, type TrialUsage } from '../promo-codes/index.ts';
import { applyPresetToStoryfile, findAllowedPreset } from './apply-preset.ts';
import { applyScriptToStoryfile } from './apply-script.ts';
import { getStoryfileDetail, getStoryfileSummary } from './storyfile-detail.ts';
import { lockLiveStoryfile, lockStoryfile } from './storyfile-lock.ts';

// A storyfile's own writes: create, edit, soft delete and restore (its checklist: checklist-*.ts).

const rethrowStoryfileNameTaken = (error: unknown, name: string): never =>
  rethrowNameTaken(error, 'storyfiles_namespace_name_key', formatStoryfileNameTakenMessage, name);

export async function createStoryfile(
  db: Database,
  trialUsage: TrialUsage,
  user: CurrentUser,
  body: CreateStoryfileBody,
): Promise<StoryfileDetail> {
  assertNamespaceRole(user, body.namespaceId, 'edit:ns');
  await assertNamespaceExists(db, body.namespaceId);
  if (body.scriptId !== undefined && body.presetSlug !== undefined) {
    throw badRequest(SCRIPT_AND_PRESET_MESSAGE);
  }
  const preset =
    body.presetSlug === undefined
      ? null
      : await findAllowedPreset(db, body.namespaceId, body.presetSlug);
  const id = await db
    .transaction(async (tx) => {
      // A running trial's storyfile limit (an ended trial never gets here: the gateway's read-only guard).
      await assertTrialAllows(
        tx,
        trialUsage,
        { kind: 'storyfile', namespaceId: body.namespaceId },
        { lock: true },
      );
      const [row] = await tx
        .insert(storyfiles)
        .values({
          namespaceId: body.namespaceId,
          name: body.name,
          description: body.description,
          language: body.language ?? DEFAULT_LANGUAGE,
          status: body.status,
          avatarUrl: body.avatarUrl,
          createdBy: user.iam,
          updatedBy: user.iam,
        })
        .returning({ id: storyfiles.id });
      const storyfileId = row!.id;
      await tx.insert(storyfileClips).values(
        CLIP_KINDS.map((kind) => ({
          storyfileId,
          kind,
          prompt: preset?.clipPrompts[kind] ?? DEFAULT_CLIP_PROMPTS[kind],
          updatedBy: user.iam,
        })),
      );
      if (body.scriptId !== undefined) {
        await applyScriptToStoryfile(tx, user, storyfileId, body.scriptId);
      }
      if (preset !== null) {
        await applyPresetToStoryfile(tx, { storyfileId, userId: user.iam, preset });
      }
      return storyfileId;
    })
    .catch((error: unknown) => rethrowStoryfileNameTaken(error, body.name));
  return getStoryfileDetail(db, id);
}

export async function updateStoryfile(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
  body: UpdateStoryfileBody,
): Promise<StoryfileDetail> {
  await db
    .transaction(async (tx) => {
      // Publishing sets is_publication_live under this row's lock, so the locked row is current.
      const row = await lockLiveStoryfile(tx, storyfileId);
      if (body.status !== undefined && row.isPublicationLive) {
        // The badge would read Draft while the share link answers visitors; unpublishing needs
        // the owner's permission, so a status change cannot stand in for it.
        throw conflict(STORYFILE_PUBLISHED_STATUS_LOCKED_MESSAGE);
      }
      await tx
        .update(storyfiles)
        .set({
          ...pickDefined(body, ['name', 'description', 'language', 'status', 'avatarUrl']),
          ...markUpdated(user.iam),
        })
        .where(eq(storyfiles.id, storyfileId));
    })
    .catch((error: unknown) => rethrowStoryfileNameTaken(error, body.name ?? ''));
  return getStoryfileDetail(db, storyfileId);
}

/**
 * Soft delete: the storyfile stays with its checklist, renamed `<name> - Deleted` (or
 * `- Deleted (2)`, ...) so the name is free again and recent lists drop it. Deleting a deleted
 * storyfile changes nothing.
 */
export async function deleteStoryfile(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
): Promise<StoryfileSummary> {
  await db.transaction(async (tx) => {
    const row = await lockStoryfile(tx, storyfileId);
    if (row.deletedAt !== null) {
      return;
    }
    await tx
      .update(storyfiles)
      .set(await takeDeletedColumns(tx, 'storyfiles', row, user.iam))
      .where(eq(storyfiles.id, storyfileId));
  });
  return getStoryfileSummary(db, storyfileId);
}

/** Restores the original name; 409 when another storyfile took it in the meantime. */
export async function restoreStoryfile(
  db: Database,
  user: CurrentUser,
  storyfileId: string,
): Promise<StoryfileDetail> {
  await db.transaction(async (tx) => {
    const row = await lockStoryfile(tx, storyfileId);
    if (row.deletedAt === null) {
      return;
    }
    const restored = await takeRestoredColumns(
      tx,
      'storyfiles',
      row,
      user.iam,
      formatStoryfileNameTakenMessage,
    );
    await tx
      .update(storyfiles)
      .set(restored)
      .where(eq(storyfiles.id, storyfileId))
      .catch((error: unknown) => rethrowStoryfileNameTaken(error, restored.name));
  });
  return getStoryfileDetail(db, storyfileId);
}
