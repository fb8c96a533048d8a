import { useEffect, useState } from 'react';
import {
  createBrowserSilentCheckDeps,
  startSilentCheck,
  type SilentCheckDeps,
  type SilentCheckOutcome,
} from '../utils/silent-check';

export type SilentCheckStatus = 'idle' | 'checking' | 'unavailable' | 'done';

/**
 * The landing page's silent single-sign-on check (spec §4), run once while `isEnabled`. Signed
 * in: a full navigation to /dashboard, so the session manager starts fresh. Login required: done,
 * quietly. No answer in time: `unavailable` (spec §8, the third-party cookie warning).
 */
export function useSilentCheck({
  isEnabled,
  deps,
  navigate = (url) => window.location.replace(url),
}: {
  isEnabled: boolean;
  deps?: SilentCheckDeps;
  navigate?: (url: string) => void;
}): SilentCheckStatus {
  const [outcome, setOutcome] = useState<Exclude<SilentCheckOutcome, 'signed-in'>>();
  const hasFinished = outcome !== undefined;

  useEffect(() => {
    if (!isEnabled || hasFinished) {
      return;
    }
    return startSilentCheck(deps ?? createBrowserSilentCheckDeps(), (result) => {
      if (result === 'signed-in') {
        navigate('/dashboard');
      } else {
        setOutcome(result);
      }
    });
    // deps and navigate are fixed for the page's life; a new object must not restart the check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEnabled, hasFinished]);

  if (outcome === 'timed-out') {
    return 'unavailable';
  }
  if (outcome === 'login-required') {
    return 'done';
  }
  // While signed in, the page stays "checking" until the navigation replaces it.
  return isEnabled ? 'checking' : 'idle';
}
