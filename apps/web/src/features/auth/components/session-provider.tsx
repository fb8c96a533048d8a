import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionInfo } from '@conversa/contracts';
import { setAuthHooks } from '@/lib/api-client';
import { createBrowserSessionManager, type SessionManager } from '../session-manager';

/** `leaving`: the session ended and the page is on its way out (logout); nothing should start. */
type SessionStatus = 'loading' | 'signed-in' | 'signed-out' | 'leaving';

interface SessionContextValue {
  status: SessionStatus;
  session: SessionInfo | null;
  manager: SessionManager;
}

const SessionContext = createContext<SessionContextValue | null>(null);

/** Starts the session manager once and lets the API client refresh through it. */
export function SessionProvider({
  children,
  manager: injected,
}: {
  children: ReactNode;
  manager?: SessionManager;
}) {
  const manager = useMemo(() => injected ?? createBrowserSessionManager(), [injected]);
  const [state, setState] = useState<{ status: SessionStatus; session: SessionInfo | null }>({
    status: 'loading',
    session: null,
  });

  useEffect(() => {
    const unsubscribe = manager.subscribe((session) =>
      setState({
        status: session ? 'signed-in' : manager.isLeaving ? 'leaving' : 'signed-out',
        session,
      }),
    );
    setAuthHooks({
      beforeRequest: () => manager.ensureFreshToken(),
      onUnauthorized: async () =>
        manager.current !== null && (await manager.refresh()) === 'refreshed',
    });
    manager.start().catch(() => setState({ status: 'signed-out', session: null }));
    // A page restored from the back-forward cache after logout must not show studio data.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) {
        window.location.reload();
      }
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      unsubscribe();
      setAuthHooks(undefined);
      manager.stop();
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [manager]);

  const value = useMemo(() => ({ ...state, manager }), [state, manager]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) {
    throw new Error('useSession must be used inside <SessionProvider>');
  }
  return value;
}
