import { defineContract } from '../contract.ts';
import { idParamsSchema, reorderBodySchema } from './content.ts';
import { topicDetailSchema } from './topic.ts';

export const reorderTopicQuestionsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/topics/:id/questions/order',
  summary: "Puts a library topic's questions in a new order (every live question id, once)",
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  body: reorderBodySchema,
  response: topicDetailSchema,
});
