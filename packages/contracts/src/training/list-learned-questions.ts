import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { learnedQuestionListSchema } from './learned.ts';

export const listLearnedQuestionsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/learned',
  summary: 'What the storyfile learned from its visitors, most recent first',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: learnedQuestionListSchema,
});
