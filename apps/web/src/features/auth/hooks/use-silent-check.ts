import { useEffect, useState } from 'react';
import { API_HEADERS } from '@/lib/api-client';
import {
  createBrowserSilentCheckDeps,
  startSilentCheck,
  type SilentCheckDeps,
} from '../utils/silent-check';

export type SilentCheckStatus = 'idle' | 'checking' | 'unavailable' | 'done';

/** Whether this browser now sends a studio session cookie. */
async function hasStudioSession(): Promise<boolean> {
  const response = await fetch('/api/auth/session', {
    credentials: 'same-origin',
    headers: API_HEADERS,
  });
  // 204: signed out.
  return response.status === 200;
}

/**
 * The landing page's silent single-sign-on check (spec §4), run once while `isEnabled`. Signed
 * in: a full navigation to /dashboard, so the session manager starts fresh. Login required: done,
 * quietly. No answer in time: `unavailable` (spec §8, the third-party cookie warning).
 */
export function useSilentCheck({
  isEnabled,
  deps,
  navigate = (url) => window.location.replace(url),
  hasSession = hasStudioSession,
}: {
  isEnabled: boolean;
  deps?: SilentCheckDeps;
  navigate?: (url: string) => void;
  hasSession?: () => Promise<boolean>;
}): SilentCheckStatus {
  const [outcome, setOutcome] = useState<'login-required' | 'unavailable'>();
  const hasFinished = outcome !== undefined;

  useEffect(() => {
    if (!isEnabled || hasFinished) {
      return;
    }
    return startSilentCheck(deps ?? createBrowserSilentCheckDeps(), (result) => {
      if (result === 'signed-in') {
        // A cookie the browser refused to store in the frame (an external issuer on another site
        // can make the callback cross-site) would send /dashboard straight back here, in a loop.
        void hasSession()
          .catch(() => false)
          .then((isSignedIn) => {
            if (isSignedIn) {
              navigate('/dashboard');
            } else {
              setOutcome('unavailable');
            }
          });
      } else {
        setOutcome(result === 'timed-out' ? 'unavailable' : result);
      }
    });
    // deps and navigate are fixed for the page's life; a new object must not restart the check.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isEnabled, hasFinished]);

  if (outcome === 'unavailable') {
    return 'unavailable';
  }
  if (outcome === 'login-required') {
    return 'done';
  }
  // While signed in, the page stays "checking" until the navigation replaces it.
  return isEnabled ? 'checking' : 'idle';
}
