import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { topicDetailSchema } from './topic.ts';

export const getTopicContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/topics/:id',
  summary: 'A library topic with all its questions in order',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  params: idParamsSchema,
  response: topicDetailSchema,
});
