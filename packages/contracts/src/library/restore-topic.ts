import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { topicSchema } from './topic.ts';

export const restoreTopicContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/topics/:id/restore',
  summary: 'Restores a soft-deleted library topic under its original name (owner role)',
  tags: ['library'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: idParamsSchema,
  response: topicSchema,
  errors: [409],
});
