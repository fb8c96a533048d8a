import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { FETCH_FAILED, messageOf } from '@/lib/api-client';

/** The box a list shows in place of its rows when it has none. */
export function EmptyList({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <p
      className={cn(
        'rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600',
        className,
      )}
    >
      {children}
    </p>
  );
}

/**
 * A list's loading, error and empty states, and its rows once there are some. A failed refetch
 * keeps the rows it has (a page kept on screen while the next loads is still true).
 */
export function ListStates<T>({
  query,
  loadingLabel,
  errorMessage = FETCH_FAILED,
  isEmpty = () => false,
  empty = null,
  children,
}: {
  query: { isPending: boolean; error: unknown; data: T | undefined };
  /** What the spinner says to a screen reader, e.g. "Loading teams". */
  loadingLabel: string;
  /** Shown for an error without a message from the server. */
  errorMessage?: string;
  /** Whether the list has no rows (never, when omitted). */
  isEmpty?: (data: T) => boolean;
  /** Text (shown in an `EmptyList` box) or an element of the screen's own. */
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return <Spinner label={loadingLabel} />;
  }
  if (query.data === undefined) {
    return query.error ? <Alert kind="error">{messageOf(query.error, errorMessage)}</Alert> : null;
  }
  if (isEmpty(query.data)) {
    return typeof empty === 'string' ? <EmptyList>{empty}</EmptyList> : empty;
  }
  return children(query.data);
}
