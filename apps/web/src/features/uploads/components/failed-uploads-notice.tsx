import { Alert } from '@/components/ui/alert';
import { formatCount } from '@/lib/format';
import { useUploadEngine } from '../hooks/use-video-uploads';

/**
 * The dashboard's sign of failed video uploads (issue 44, item 5: a failure vanished from the
 * floating bar and the dashboard showed nothing): which videos failed, and the way to the status
 * dialog where each can be uploaded again. Shown while a failure is there, seen or not; nothing
 * otherwise.
 */
export function FailedUploadsNotice() {
  const { entries, openStatus } = useUploadEngine();
  const failed = entries.filter((entry) => entry.phase === 'failed');
  if (failed.length === 0) {
    return null;
  }
  const names = failed
    .slice(0, 3)
    .map((entry) => `“${entry.questionText}” (${entry.storyfileName})`)
    .join(', ');
  const more = failed.length > 3 ? ` and ${formatCount(failed.length - 3, 'other')}` : '';
  return (
    <Alert kind="error">
      {formatCount(failed.length, 'video upload')} failed: {names}
      {more}.{' '}
      {openStatus === undefined ? null : (
        <button
          type="button"
          onClick={openStatus}
          className="font-semibold underline underline-offset-2 hover:no-underline"
        >
          Show upload status
        </button>
      )}
    </Alert>
  );
}
