import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { askBackSettingsSchema, updateAskBackBodySchema } from './matching-settings.ts';

export const previewAskBackContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/matching-settings/ask-back-preview',
  summary:
    "What a share of wrong answers risked (null: automatic) would give on the storyfile's own questions, before it is saved",
  tags: ['conversations'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: updateAskBackBodySchema,
  response: askBackSettingsSchema,
});
