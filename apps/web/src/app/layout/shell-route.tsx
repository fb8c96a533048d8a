import * as Tooltip from '@radix-ui/react-tooltip';
import { RequireAuth, useCurrentUser, useSession } from '@/features/auth';
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

/**
 * The layout of every signed-in screen, loaded lazily by the router: the shell (menus, upload
 * engine, feedback, tooltips and the positioning library under them) stays out of the landing
 * page's and the public player's first load.
 */
export function SignedInLayout() {
  return (
    <RequireAuth>
      <Tooltip.Provider delayDuration={200}>
        <ShellRoute />
      </Tooltip.Provider>
    </RequireAuth>
  );
}
