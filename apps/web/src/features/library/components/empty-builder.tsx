import { Library } from 'lucide-react';
import { Link } from 'react-router';
import { Button, getButtonClassName } from '@/components/ui/button';

/** What the builder shows before a script is chosen. */
export function EmptyBuilder({
  hasScripts,
  isLoading,
  onCreate,
}: {
  hasScripts: boolean;
  isLoading: boolean;
  onCreate: () => void;
}) {
  if (isLoading) {
    return null;
  }
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Library className="mx-auto size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">
        {hasScripts ? 'Choose a script to arrange' : 'No scripts yet'}
      </h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {hasScripts
          ? 'Pick a script above, or start a new one.'
          : 'Create a script, or duplicate one of the shipped templates from All Scripts.'}
      </p>
      <div className="mt-5 flex justify-center gap-2">
        <Button variant="primary" onClick={onCreate}>
          New script
        </Button>
        <Link to="/topics/templates" className={getButtonClassName('default')}>
          Browse templates
        </Link>
      </div>
    </div>
  );
}
