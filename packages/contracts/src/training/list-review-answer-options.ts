import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { reviewAnswerOptionsSchema } from './review.ts';

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
