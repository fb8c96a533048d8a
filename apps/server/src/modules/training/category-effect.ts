import type { ChangeEffect } from '@conversa/contracts';
import type { Category } from '@conversa/matching';
import type { ConversationEngine } from '../conversations/index.ts';
import { listReachedStoryfiles, previewNamespaceChange } from './change-effects.ts';

/** Stands for a category that has no id yet. */
const NEW_CATEGORY_ID = 'new-category';

/** The categories a storyfile's matcher would fold: `category` in place of `id` (null: without it). */
function replaceCategory(
  categories: readonly Category[],
  id: string,
  category: Omit<Category, 'id'> | null,
): Category[] {
  const next = category ? { id, ...category } : null;
  const replaced = categories.flatMap((existing) =>
    existing.id === id ? (next ? [next] : []) : [existing],
  );
  return next && !categories.some((existing) => existing.id === id)
    ? [...replaced, next]
    : replaced;
}

/**
 * What saving (or, with null, deleting) a category would do to the past questions of each storyfile
 * it reaches: the namespace's, or the one storyfile whose addition it is. A category changes the
 * terms of every phrasing and so the automatic threshold: a question answered just above the old
 * one can fall back (issue 28).
 */
export async function previewCategoryEffect(
  engine: ConversationEngine,
  scope: { namespaceId: string; storyfileId: string | null },
  categoryId: string | null,
  category: Omit<Category, 'id'> | null,
): Promise<ChangeEffect> {
  const storyfiles = await listReachedStoryfiles(engine, scope.namespaceId, scope.storyfileId);
  const id = categoryId ?? NEW_CATEGORY_ID;
  return previewNamespaceChange(engine, storyfiles, (current) => ({
    categories: replaceCategory(current.categories, id, category),
  }));
}
