import { defineContract } from '../contract.ts';
import { createStoryfileBodySchema, storyfileDetailSchema } from './storyfile.ts';

export const createStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles',
  summary: 'Creates a storyfile in a namespace (edit role there), optionally filled from a script',
  tags: ['storyfiles'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: createStoryfileBodySchema,
  response: storyfileDetailSchema,
  successStatus: 201,
  errors: [404, 409],
});
