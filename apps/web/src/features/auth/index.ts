export { SessionProvider, useSession } from './components/session-provider';
export { RequireAuth } from './components/require-auth';
export {
  SignInLink,
  SilentCheckProgress,
  SilentCheckWarning,
} from './components/silent-sign-in-check';
export { useSilentCheck } from './hooks/use-silent-check';
export { canRunSilentCheck } from './utils/silent-check';
export { useCurrentUser, getMeQueryOptions } from './api/get-me';
export {
  SessionManager,
  createBrowserSessionManager,
  TOKEN_BROADCAST_CHANNEL,
} from './session-manager';
