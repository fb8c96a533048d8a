import { defineContract } from '../contract.ts';
import { reviewActionParamsSchema, reviewActionSchema } from './review.ts';

export const undoReviewActionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/training/actions/:actionId/undo',
  summary: 'Undoes a review change',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: reviewActionParamsSchema,
  response: reviewActionSchema,
  errors: [409],
});
