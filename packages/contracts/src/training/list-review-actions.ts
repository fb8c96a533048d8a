import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { reviewActionListSchema } from './review.ts';

export const listReviewActionsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/actions',
  summary: 'The storyfile’s review changes, newest first, with their provenance',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: reviewActionListSchema,
});
