import { defineContract } from '../contract.ts';
import { nameTakenQuerySchema, nameTakenResponseSchema } from '../lists/name-taken.ts';

export const checkTopicNameContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/topic/nameTaken',
  summary: 'Whether a topic name is free in the given namespaces (spec §7 nameTaken)',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: nameTakenQuerySchema,
  response: nameTakenResponseSchema,
  errors: [404],
});
