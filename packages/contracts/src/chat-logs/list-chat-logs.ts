import { defineContract } from '../contract.ts';
import { chatLogPageSchema, listChatLogsQuerySchema } from './chat-log.ts';

export const listChatLogsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/chat-logs',
  summary:
    'Logged exchanges of the storyfiles in the caller’s namespaces, newest first, filtered by storyfile, date range, decision, confidence class, channel, question asked, words of the question (all must appear) and words said in the answer (all must appear in its transcript)',
  tags: ['chat-logs'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listChatLogsQuerySchema,
  response: chatLogPageSchema,
});
