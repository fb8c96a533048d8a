import { defineContract } from '../contract.ts';
import { categoryChangePreviewBodySchema } from './change-previews.ts';
import { changeEffectSchema } from './change-effect.ts';

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
