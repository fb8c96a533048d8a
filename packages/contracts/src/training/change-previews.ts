import { z } from 'zod';
import { matchingSettingsSchema } from '../conversations/matching-settings.ts';
import { categoryBodySchema } from './categories.ts';
import { reviewPreviewSchema } from './review.ts';
import { customWordBodySchema } from './words.ts';

/**
 * A category as it would be saved (null: deleted). `categoryId` names the one edited or deleted;
 * without it the category is new, in the namespace or as the storyfile's addition.
 */
export const categoryChangePreviewBodySchema = z.object({
  namespaceId: z.uuid(),
  storyfileId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  category: categoryBodySchema.nullable(),
});
export type CategoryChangePreviewBody = z.input<typeof categoryChangePreviewBodySchema>;

/** A custom word as it would be saved (null: deleted); `wordId` names the one edited or deleted. */
export const wordChangePreviewBodySchema = z.object({
  namespaceId: z.uuid(),
  wordId: z.uuid().optional(),
  word: customWordBodySchema.nullable(),
});
export type WordChangePreviewBody = z.input<typeof wordChangePreviewBodySchema>;

export const appliedThresholdSchema = z.object({
  settings: matchingSettingsSchema,
  preview: reviewPreviewSchema,
});
export type AppliedThreshold = z.infer<typeof appliedThresholdSchema>;
