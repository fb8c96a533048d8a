import { defineContract } from '../contract.ts';
import { nameTakenQuerySchema, nameTakenResponseSchema } from '../lists/name-taken.ts';

export const checkScriptNameContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/script/nameTaken',
  summary: 'Whether a script name is free in the given namespaces (spec §7 nameTaken)',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: nameTakenQuerySchema,
  response: nameTakenResponseSchema,
  errors: [404],
});
