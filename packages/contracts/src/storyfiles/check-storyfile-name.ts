import { defineContract } from '../contract.ts';
import { nameTakenQuerySchema, nameTakenResponseSchema } from '../lists/name-taken.ts';

export const checkStoryfileNameContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfile/nameTaken',
  summary:
    'Whether a storyfile name is free (spec §7): within organizationIds, else every namespace the caller can see',
  tags: ['storyfiles'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: nameTakenQuerySchema,
  response: nameTakenResponseSchema,
  errors: [404],
});
