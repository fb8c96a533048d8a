import { CircleAlert, CircleCheck } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import type { NameAvailability } from '../hooks/use-name-availability';

/** The line under a name field saying whether the name is free (announced politely). */
export function NameFeedback({ id, availability }: { id: string; availability: NameAvailability }) {
  return (
    <p id={id} aria-live="polite" className="mt-1 min-h-5 text-sm">
      {availability.state === 'checking' ? (
        <span className="inline-flex items-center gap-2 text-slate-500">
          <Spinner className="size-3" label="Checking the name" /> Checking the name…
        </span>
      ) : null}
      {availability.state === 'free' ? (
        <span className="inline-flex items-center gap-1.5 text-green-700">
          <CircleCheck className="size-4" aria-hidden="true" /> This name is available.
        </span>
      ) : null}
      {availability.state === 'taken' || availability.state === 'unknown' ? (
        <span className="inline-flex items-center gap-1.5 text-red-700">
          <CircleAlert className="size-4" aria-hidden="true" /> {availability.message}
        </span>
      ) : null}
    </p>
  );
}
