import { defineContract } from '../contract.ts';
import { conversationParamsSchema, conversationTranscriptSchema } from './chat-log.ts';

export const getConversationContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/conversations/:conversationId',
  summary: 'A conversation’s transcript, each answer with a signed video URL to replay it',
  tags: ['chat-logs'],
  permission: { kind: 'role', scope: 'read:ns' },
  params: conversationParamsSchema,
  response: conversationTranscriptSchema,
});
