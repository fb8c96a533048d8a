import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import {
  createRouteHistory,
  createTemporaryStateStore,
  recordNavigation,
  type RouteHistory,
  type TemporaryStateStore,
} from '@/lib/temporary-state';

type NavigationState = { store: TemporaryStateStore; history: RouteHistory };

const NavigationStateContext = createContext<NavigationState | null>(null);

function useNavigationState(): NavigationState {
  const value = useContext(NavigationStateContext);
  if (!value) {
    throw new Error('Navigation state hooks must be used inside <NavigationStateProvider>');
  }
  return value;
}

// A leaf rendered before the screens: its effect runs before theirs, so a screen that registers
// drag handlers on mount does so after the clear, not before it.
function NavigationRecorder({ state }: { state: NavigationState }) {
  const { pathname } = useLocation();
  useEffect(() => {
    recordNavigation(state.store, state.history, pathname);
  }, [state, pathname]);
  return null;
}

/**
 * Holds the temporary interface state and the route history of spec §3/§4: every navigation to
 * another path clears the one and is recorded in the other.
 */
export function NavigationStateProvider({ children }: { children: ReactNode }) {
  const [state] = useState<NavigationState>(() => ({
    store: createTemporaryStateStore(),
    history: createRouteHistory(),
  }));
  return (
    <NavigationStateContext.Provider value={state}>
      <NavigationRecorder state={state} />
      {children}
    </NavigationStateContext.Provider>
  );
}

export function useTemporaryStateStore(): TemporaryStateStore {
  return useNavigationState().store;
}

export function useRouteHistory(): RouteHistory {
  return useNavigationState().history;
}
