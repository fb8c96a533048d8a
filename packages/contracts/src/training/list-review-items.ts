import { defineContract } from '../contract.ts';
import { listReviewItemsQuerySchema, reviewItemPageSchema } from './review.ts';

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
