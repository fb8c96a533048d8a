import type { SaveStoryfileTopicsToLibraryResponse } from '@conversa/contracts';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { describeLibrarySave } from '../utils/library-save';

/** The outcome of "Save topics to the library", under the script's heading. */
export function LibrarySaveOutcome({
  id,
  result,
  error,
}: {
  id: string;
  result: SaveStoryfileTopicsToLibraryResponse | undefined;
  error: Error | null;
}) {
  if (error) {
    return (
      <div id={id}>
        <Alert kind="error">{error.message}</Alert>
      </div>
    );
  }
  if (!result) {
    return null;
  }
  return (
    <p id={id} role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900">
      {describeLibrarySave(result)}{' '}
      <Link to="/topics" className="font-semibold underline">
        Open the library
      </Link>
    </p>
  );
}
