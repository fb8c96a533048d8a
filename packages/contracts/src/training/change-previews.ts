import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  matchingSettingsSchema,
  updateMatchingSettingsBodySchema,
} from '../conversations/matching-settings.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { categoryBodySchema } from './categories.ts';
import { changeEffectSchema } from './change-effect.ts';
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

export const previewCategoryChangeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/training/categories/preview',
  summary:
    'What saving or deleting a custom category would do to past questions, per storyfile it reaches',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: categoryChangePreviewBodySchema,
  response: changeEffectSchema,
  errors: [404],
});

/** A custom word as it would be saved (null: deleted); `wordId` names the one edited or deleted. */
export const wordChangePreviewBodySchema = z.object({
  namespaceId: z.uuid(),
  wordId: z.uuid().optional(),
  word: customWordBodySchema.nullable(),
});
export type WordChangePreviewBody = z.input<typeof wordChangePreviewBodySchema>;

export const previewWordChangeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/training/words/preview',
  summary:
    'What saving a custom word would do to past spoken questions (its new "heard as" forms), per storyfile',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: wordChangePreviewBodySchema,
  response: changeEffectSchema,
  errors: [404],
});

export const previewThresholdChangeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/training/threshold-preview',
  summary: 'What setting the out-of-scope threshold (null: automatic) would do to past questions',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: updateMatchingSettingsBodySchema,
  response: reviewPreviewSchema,
});

export const appliedThresholdSchema = z.object({
  settings: matchingSettingsSchema,
  preview: reviewPreviewSchema,
});
export type AppliedThreshold = z.infer<typeof appliedThresholdSchema>;

export const setTrainingThresholdContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/training/threshold',
  summary:
    'Sets the out-of-scope threshold and says what it did to past questions (the matching settings change)',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: updateMatchingSettingsBodySchema,
  response: appliedThresholdSchema,
});
