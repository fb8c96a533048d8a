import { defineContract } from '../contract.ts';
import { reorderBodySchema } from '../library/content.ts';
import { storyfileDetailSchema } from './storyfile.ts';
import { storyfileTopicParamsSchema } from './update-storyfile-topic.ts';

export const reorderStoryfileQuestionsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/topics/:topicId/questions/order',
  summary: 'Puts the questions of one storyfile topic in a new order (every question id, once)',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileTopicParamsSchema,
  body: reorderBodySchema,
  response: storyfileDetailSchema,
  errors: [409],
});
