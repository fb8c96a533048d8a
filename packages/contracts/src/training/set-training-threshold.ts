import { defineContract } from '../contract.ts';
import { updateMatchingSettingsBodySchema } from '../conversations/matching-settings.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { appliedThresholdSchema } from './change-previews.ts';

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
