import { defineContract } from '../contract.ts';
import { wordChangePreviewBodySchema } from './change-previews.ts';
import { changeEffectSchema } from './change-effect.ts';

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
