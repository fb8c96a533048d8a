import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { reviewChangeSchema, reviewPreviewSchema } from './review.ts';

export const previewReviewChangeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/training/preview',
  summary:
    'What a review change would do: the past questions it moves, re-asked against the changed matcher',
  tags: ['training'],
  // Previewing reads, but only an editor can apply: it is the first step of a change.
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: reviewChangeSchema,
  response: reviewPreviewSchema,
});
