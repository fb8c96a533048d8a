import { and, eq, isNull } from 'drizzle-orm';
import { canSeeNamespace, SCRIPT_NOT_FOUND_MESSAGE, type CurrentUser } from '@conversa/contracts';
import { copyScriptContent, readScriptContent } from '../library/index.ts';
import { scripts } from '../library/library.tables.ts';
import { storyfiles } from './storyfiles.tables.ts';
import { notFound } from '../../http/errors.ts';
import type { Executor } from '../lists/index.ts';
import { mergeIntoChecklist, type MergeGroup, type MergeResult } from './checklist-merge.ts';

/**
 * Applies a script (a shipped template, or a live script of a namespace the user can see) to a
 * storyfile inside the caller's transaction, which already holds the storyfile's row lock.
 * Library links travel only within a namespace: a script of another namespace contributes its
 * text, not its source ids.
 */
export async function applyScriptToStoryfile(
  tx: Executor,
  user: CurrentUser,
  storyfileId: string,
  scriptId: string,
): Promise<MergeResult> {
  const [script] = await tx
    .select({ id: scripts.id, namespaceId: scripts.namespaceId })
    .from(scripts)
    .where(and(eq(scripts.id, scriptId), isNull(scripts.deletedAt)));
  if (!script || (script.namespaceId !== null && !canSeeNamespace(user, script.namespaceId))) {
    throw notFound(SCRIPT_NOT_FOUND_MESSAGE);
  }
  const [storyfile] = await tx
    .select({ namespaceId: storyfiles.namespaceId })
    .from(storyfiles)
    .where(eq(storyfiles.id, storyfileId));
  const isSameNamespace = storyfile?.namespaceId === script.namespaceId;
  const content = await readScriptContent(tx, scriptId);
  const groups: MergeGroup[] = copyScriptContent(content, isSameNamespace);
  return mergeIntoChecklist(tx, { storyfileId, userId: user.iam, groups });
}
