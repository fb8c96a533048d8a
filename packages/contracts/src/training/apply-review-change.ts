import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { appliedReviewSchema, reviewChangeSchema } from './review.ts';

export const applyReviewChangeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/training/actions',
  summary:
    'Applies a review change in one transaction, refreshes the storyfile’s matcher and closes open items it now answers as decided',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: reviewChangeSchema,
  response: appliedReviewSchema,
  successStatus: 201,
});
