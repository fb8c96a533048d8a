import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { topicSchema, updateTopicBodySchema } from './topic.ts';

export const updateTopicContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/topics/:id',
  summary: 'Renames or describes a library topic',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  body: updateTopicBodySchema,
  response: topicSchema,
  errors: [409],
});
