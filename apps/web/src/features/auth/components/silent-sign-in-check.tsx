import { useEffect, useState, type MouseEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/components/ui/cn';
import type { SilentCheckStatus } from '../hooks/use-silent-check';
import { buildSignInUrl } from '../utils/silent-check';

/**
 * The landing page's Sign in, the hybrid sign-in (`buildSignInUrl`). Pressed while the silent check runs, it waits for the check to
 * settle before leaving (at most the 10 s identity time-out): two sign-ins running side by side at
 * the provider would race for its session cookie. If the check finds a session, the check's own
 * navigation to /dashboard wins.
 */
export function SignInLink({
  status,
  className,
  idpHint = null,
  navigate = (url) => window.location.assign(url),
}: {
  status: SilentCheckStatus;
  className?: string;
  /** The brand's identity provider, preselected (null: the provider's own sign-in page). */
  idpHint?: string | null;
  navigate?: (url: string) => void;
}) {
  const [isWaiting, setIsWaiting] = useState(false);
  const signInUrl = buildSignInUrl(idpHint);
  useEffect(() => {
    if (isWaiting && status !== 'checking') {
      navigate(signInUrl);
    }
    // navigate and the brand's hint are fixed for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isWaiting, status]);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (status === 'checking') {
      event.preventDefault();
      setIsWaiting(true);
    }
  };
  return (
    <a href={signInUrl} onClick={onClick} aria-busy={isWaiting} className={className}>
      {isWaiting ? 'Signing in…' : 'Sign in'}
    </a>
  );
}

/** A discreet line while the silent check runs; Sign in stays usable beside it. */
export function SilentCheckProgress({
  status,
  className,
}: {
  status: SilentCheckStatus;
  className?: string;
}) {
  if (status !== 'checking') {
    return null;
  }
  return (
    <p role="status" className={cn('flex items-center gap-2 text-sm text-slate-500', className)}>
      <span
        aria-hidden="true"
        className="size-3.5 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      Checking whether you are already signed in…
    </p>
  );
}

/** Spec §8 "Third-party cookie check": the silent check gave no answer, so it is off for now. */
export function SilentCheckWarning({
  status,
  className,
}: {
  status: SilentCheckStatus;
  className?: string;
}) {
  if (status !== 'unavailable') {
    return null;
  }
  return (
    <Alert kind="warning" className={className}>
      Automatic sign-in is not available, probably because this browser blocks third-party cookies.
      Signing in with the Sign in button still works.
    </Alert>
  );
}
