import { defineContract } from '../contract.ts';
import { createTopicBodySchema, topicSchema } from './topic.ts';

export const createTopicContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/topics',
  summary: "Adds a topic to a namespace's question library (edit role in that namespace)",
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: createTopicBodySchema,
  response: topicSchema,
  successStatus: 201,
  errors: [404, 409],
});
