import { defineContract } from '../contract.ts';
import { inkStatePageSchema, listInkStatesQuerySchema } from './ink-states.ts';

export const listInkStatesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/ink-states',
  summary:
    'Conversations that have an ink state, most recently active first, filtered by storyfile, date and compatibility with the published story (platform admins)',
  tags: ['ink'],
  permission: { kind: 'admin' },
  query: listInkStatesQuerySchema,
  response: inkStatePageSchema,
});
