export { ChatLogsScreen } from './components/chat-logs-screen';
