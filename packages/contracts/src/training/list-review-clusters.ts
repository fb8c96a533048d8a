import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { reviewClusterListSchema } from './review.ts';

export const listReviewClustersContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/clusters',
  summary:
    'Groups of similar questions that fell back, got low confidence or a thumbs down, ranked by weight × recency',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: reviewClusterListSchema,
});
