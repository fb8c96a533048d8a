import { Alert } from '@/components/ui/alert';
import { formatDuration } from '@/lib/duration';

/** Messages under the studio: a recorder error, a take cut at the cap, no recorder, all done. */
export function RecordingNotices({
  error,
  wasCapped,
  capMs,
  isSupported,
  isAllDone,
}: {
  error: string | null;
  wasCapped: boolean;
  capMs: number;
  isSupported: boolean;
  /** Every target has a take and nothing is being recorded. */
  isAllDone: boolean;
}) {
  return (
    <>
      {error === null ? null : <Alert kind="error">{error}</Alert>}
      {wasCapped ? (
        <Alert kind="warning">
          The recording stopped at {formatDuration(capMs)}, the longest an answer can be.
        </Alert>
      ) : null}
      {isSupported ? null : (
        <Alert kind="error">
          This browser cannot record video. Use a recent version of Chrome, Edge, Firefox or Safari.
        </Alert>
      )}
      {isAllDone ? (
        <Alert kind="success">
          Every question and clip has a take. Kept takes go on uploading in the background.
        </Alert>
      ) : null}
    </>
  );
}
