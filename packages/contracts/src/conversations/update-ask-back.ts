import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { matchingSettingsSchema, updateAskBackBodySchema } from './matching-settings.ts';

export const updateAskBackContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/matching-settings/ask-back',
  summary:
    'Sets where a storyfile plays an answer or asks back (the share of wrong answers risked; null restores the automatic one)',
  tags: ['conversations'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: updateAskBackBodySchema,
  response: matchingSettingsSchema,
});
