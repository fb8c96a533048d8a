import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import {
  appliedReviewSchema,
  listReviewItemsQuerySchema,
  reviewActionListSchema,
  reviewActionParamsSchema,
  reviewActionSchema,
  reviewAnswerOptionsSchema,
  reviewChangeSchema,
  reviewClusterListSchema,
  reviewItemPageSchema,
  reviewPreviewSchema,
} from './review.ts';

export const listReviewItemsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/training/review-items',
  summary:
    'Response quality inbox: logged exchanges with their top 3 candidates, review state and feedback, filtered, searched, sorted and paged',
  tags: ['training'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listReviewItemsQuerySchema,
  response: reviewItemPageSchema,
});

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

export const listReviewAnswerOptionsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/answers',
  summary: 'Script questions a reviewer can pick as the right answer, recorded ones first',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: reviewAnswerOptionsSchema,
});

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
