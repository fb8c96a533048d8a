import { defineContract } from '../contract.ts';
import { learnedQuestionParamsSchema, learnedQuestionSchema } from './learned.ts';

export const removeLearnedQuestionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/training/learned/:labelId/remove',
  summary: 'Removes a learned question: the storyfile stops using it, whoever labels it again',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: learnedQuestionParamsSchema,
  response: learnedQuestionSchema,
  errors: [404, 409],
});
