import { useCurrentUser, useSession } from '@/features/auth';
import { AppShell } from './app-shell';

/** The signed-in layout route; RequireAuth above it has loaded the current user. */
export function ShellRoute() {
  const me = useCurrentUser();
  const { manager } = useSession();
  if (me.data === undefined) {
    return null;
  }
  return <AppShell user={me.data} onLogout={() => void manager.logout()} />;
}
