import { Alert } from '@/components/ui/alert';
import { cn } from '@/components/ui/cn';
import type { SilentCheckStatus } from '../hooks/use-silent-check';

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
