import { type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useCurrentUser } from '../api/get-me';
import { useSession } from './session-provider';

function FullPageSpinner({ label }: { label: string }) {
  return (
    <div className="grid min-h-screen place-items-center" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-slate-600">
        <span
          className="size-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent"
          aria-hidden="true"
        />
        {label}
      </div>
    </div>
  );
}

/** Every route but the landing page needs a session; without one the user goes to `/` (spec §2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  const me = useCurrentUser({ enabled: status === 'signed-in' });
  if (status === 'leaving') {
    return <FullPageSpinner label="Signing you out…" />;
  }
  if (status === 'loading' || (status === 'signed-in' && me.isPending)) {
    return <FullPageSpinner label="Loading your studio…" />;
  }
  if (status === 'signed-out' || me.isError) {
    return <Navigate to="/" replace state={{ from: location.pathname + location.search }} />;
  }
  return <>{children}</>;
}
