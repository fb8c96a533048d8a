import { defineContract } from '../contract.ts';
import { storyfileDetailSchema } from './storyfile.ts';
import { storyfileTopicParamsSchema } from './update-storyfile-topic.ts';

export const deleteStoryfileTopicContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/storyfiles/:id/topics/:topicId',
  summary: 'Removes a topic and its questions from a storyfile checklist',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileTopicParamsSchema,
  response: storyfileDetailSchema,
  errors: [409],
});
