import { defineContract } from '../contract.ts';
import { storyfileDetailSchema } from './storyfile.ts';
import { storyfileQuestionParamsSchema } from './update-storyfile-question.ts';

export const deleteStoryfileQuestionContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/storyfiles/:id/questions/:questionId',
  summary: 'Removes a question from a storyfile checklist (and from its starters)',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileQuestionParamsSchema,
  response: storyfileDetailSchema,
  errors: [409],
});
