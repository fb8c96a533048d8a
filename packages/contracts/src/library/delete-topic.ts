import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { topicSchema } from './topic.ts';

export const deleteTopicContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/topics/:id',
  summary: 'Soft-deletes a library topic (renamed to "<name> - Deleted"; its questions go with it)',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  response: topicSchema,
});
