export * from './chat-log.ts';
export * from './list-chat-logs.ts';
export * from './get-conversation.ts';
