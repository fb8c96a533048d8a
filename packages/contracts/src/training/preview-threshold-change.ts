import { defineContract } from '../contract.ts';
import { updateMatchingSettingsBodySchema } from '../conversations/matching-settings.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { reviewPreviewSchema } from './review.ts';

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
