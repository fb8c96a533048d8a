import { ChatLogsScreen } from '@/features/chat-logs';

export function ChatLogsRoute() {
  return <ChatLogsScreen />;
}
