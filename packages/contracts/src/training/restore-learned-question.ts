import { defineContract } from '../contract.ts';
import { learnedQuestionParamsSchema, learnedQuestionSchema } from './learned.ts';

export const restoreLearnedQuestionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/training/learned/:labelId/restore',
  summary: 'Undoes the removal of a learned question',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: learnedQuestionParamsSchema,
  response: learnedQuestionSchema,
  errors: [404, 409],
});
