import { defineContract } from '../contract.ts';
import { moveStoryfileQuestionBodySchema, storyfileDetailSchema } from './storyfile.ts';
import { storyfileQuestionParamsSchema } from './update-storyfile-question.ts';

export const moveStoryfileQuestionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/questions/:questionId/move',
  summary: 'Moves a question to a place in the same or another topic (a drag between topics)',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileQuestionParamsSchema,
  body: moveStoryfileQuestionBodySchema,
  response: storyfileDetailSchema,
  errors: [409],
});
