import { z } from 'zod';
import { timestampSchema } from '../library/content.ts';
import { createListQuerySchema, createPageSchema } from '../lists/list-query.ts';
import { changeEffectSchema } from './change-effect.ts';

export const MAX_CATEGORY_PHRASES = 200;
export const MAX_CATEGORY_PHRASE_LENGTH = 100;
export const EMPTY_CATEGORY_PHRASE_MESSAGE = 'A phrase cannot be empty.';
export const CATEGORY_NAME_TAKEN_MESSAGE = 'A category with this name already exists here.';
export const CATEGORY_NOT_FOUND_MESSAGE = 'Category not found.';

/** A phrase with no letter or digit is empty to the matcher (its normalisation keeps only those). */
const phraseSchema = z
  .string()
  .trim()
  .max(
    MAX_CATEGORY_PHRASE_LENGTH,
    `A phrase can have at most ${MAX_CATEGORY_PHRASE_LENGTH} characters.`,
  )
  .refine((phrase) => /[\p{L}\p{N}]/u.test(phrase), EMPTY_CATEGORY_PHRASE_MESSAGE);

export const categoryBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Enter a name.')
    .max(100, 'A name can have at most 100 characters.'),
  phrases: z
    .array(phraseSchema)
    .min(2, 'A category needs at least two phrases: the words it makes interchangeable.')
    .max(MAX_CATEGORY_PHRASES, `A category can have at most ${MAX_CATEGORY_PHRASES} phrases.`),
});

export const createCategoryBodySchema = categoryBodySchema.extend({
  namespaceId: z.uuid(),
  /** A per-storyfile addition; the namespace's own when omitted. */
  storyfileId: z.uuid().optional(),
});
export type CreateCategoryBody = z.input<typeof createCategoryBodySchema>;
export type UpdateCategoryBody = z.input<typeof categoryBodySchema>;

export const customCategorySchema = z.object({
  id: z.string(),
  namespaceId: z.string(),
  storyfileId: z.string().nullable(),
  storyfileName: z.string().nullable(),
  name: z.string(),
  phrases: z.array(z.string()),
  /** Script questions (with their alternates) of the namespace's storyfiles that use a phrase. */
  usedByAnswers: z.number().int(),
  /** Logged questions of the last 30 days that a phrase folded. */
  foldedQuestions: z.number().int(),
  updatedAt: timestampSchema,
});
export type CustomCategory = z.infer<typeof customCategorySchema>;

/** A phrase that also belongs to another category of the same scope: allowed, but warned. */
export const categoryWarningSchema = z.object({
  phrase: z.string(),
  otherCategory: z.string(),
});
export const savedCategorySchema = z.object({
  category: customCategorySchema,
  warnings: z.array(categoryWarningSchema),
  /** What the save did to past questions (issue 28: it says so when one lost its answer). */
  effect: changeEffectSchema,
});
export type SavedCategory = z.infer<typeof savedCategorySchema>;

export const CATEGORY_SEARCH_OPTIONS = [
  { value: 'name', label: 'Name', active: true, disabled: false },
  { value: 'phrases', label: 'Phrases', active: true, disabled: false },
] as const;

export const listCategoriesQuerySchema = createListQuerySchema({
  searchOptions: CATEGORY_SEARCH_OPTIONS,
  sortFields: ['name', 'updatedAt'],
  defaultSort: 'name',
  defaultOrder: 'asc',
}).extend({ namespaceId: z.uuid() });
export type ListCategoriesQuery = z.input<typeof listCategoriesQuerySchema>;

export const categoryPageSchema = createPageSchema(customCategorySchema);
export type CategoryPage = z.infer<typeof categoryPageSchema>;

export const categoryParamsSchema = z.object({ id: z.uuid() });
