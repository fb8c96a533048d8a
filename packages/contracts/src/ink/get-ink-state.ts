import { defineContract } from '../contract.ts';
import { inkStateDetailSchema, inkStateParamsSchema } from './ink-states.ts';

export const getInkStateContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/ink-states/:conversationId',
  summary:
    "A conversation's ink state: variables, visit counts, turn index, the story's turns joined with the chat log, and the raw state JSON (platform admins)",
  tags: ['ink'],
  permission: { kind: 'admin' },
  params: inkStateParamsSchema,
  response: inkStateDetailSchema,
});
