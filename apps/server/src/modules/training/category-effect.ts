import type { ChangeEffect } from '@conversa/contracts';
import type { Category } from '@conversa/matching';
import type { ConversationEngine } from '../conversations/index.ts';
import {
  listReachedStoryfiles,
  previewNamespaceChange,
  previewStoryfileChange,
} from './change-effects.ts';

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

/** One row of a CSV import as it will be written: in place of category `id`, or new (null). */
export interface ImportedCategoryRow {
  id: string | null;
  storyfileId: string | null;
  name: string;
  phrases: string[];
}

/**
 * What a CSV import would do to the past questions of each storyfile its rows reach (a namespace
 * row reaches every one, a storyfile's row only that storyfile): every row applied at once, as the
 * import writes them in one transaction, the same preview a single category gets (issue 28).
 */
export async function previewCategoryImportEffect(
  engine: ConversationEngine,
  namespaceId: string,
  rows: readonly ImportedCategoryRow[],
): Promise<ChangeEffect> {
  const effect: ChangeEffect = { storyfiles: [] };
  for (const storyfile of await listReachedStoryfiles(engine, namespaceId, null)) {
    const reaching = rows.filter(
      (row) => row.storyfileId === null || row.storyfileId === storyfile.id,
    );
    if (reaching.length === 0) {
      continue;
    }
    const preview = await previewStoryfileChange(engine, storyfile.id, (current) => ({
      categories: reaching.reduce(
        (categories, row, index) =>
          replaceCategory(categories, row.id ?? `${NEW_CATEGORY_ID}-${index}`, {
            name: row.name,
            phrases: row.phrases,
          }),
        current.categories,
      ),
    }));
    effect.storyfiles.push({ storyfileId: storyfile.id, storyfileName: storyfile.name, preview });
  }
  return effect;
}
