// The chat-logs module's public entry: what other modules may use.
export { getReadableNamespaceIds } from './chat-logs.service.ts';
