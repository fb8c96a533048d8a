import { defineContract } from '../contract.ts';
import { inkVersionParamsSchema, inkVersionSchema } from './ink-story.ts';

export const getInkVersionContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/ink-story/versions/:number',
  summary: 'One version of the ink story, with its source and compiled JSON',
  tags: ['ink'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: inkVersionParamsSchema,
  response: inkVersionSchema,
});
