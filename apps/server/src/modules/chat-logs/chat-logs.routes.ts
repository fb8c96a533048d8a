import type { FastifyInstance } from 'fastify';
import { getConversationContract, listChatLogsContract } from '@conversa/contracts';
import { registerContract } from '../../http/gateway.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import { getConversationTranscript, listChatLogs } from './chat-logs.service.ts';

/** Chat logs (`/training/chat_logs`): the list and a conversation's transcript. */
export function registerChatLogRoutes(app: FastifyInstance, engine: ConversationEngine): void {
  registerContract(app, listChatLogsContract, async (request) =>
    listChatLogs(engine.db, request.currentUser, request.query),
  );
  registerContract(app, getConversationContract, async (request) =>
    getConversationTranscript(engine, request.currentUser, request.params.conversationId),
  );
}
