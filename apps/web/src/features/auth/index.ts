export { SessionProvider, useSession } from './components/session-provider';
export { RequireAuth } from './components/require-auth';
export { useCurrentUser, getMeQueryOptions } from './api/get-me';
export {
  SessionManager,
  createBrowserSessionManager,
  TOKEN_BROADCAST_CHANNEL,
} from './session-manager';
