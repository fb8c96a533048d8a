import { RefreshCw, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { type VideoUploadEntry } from '../types';
import { getUploadStatusLabel, isFileRejected } from '../utils/upload-summary';
import { ProgressMeter, UploadStatusBadge } from './upload-status-label';
import { REPLACE_FILE_TEXT } from './upload-row';
import { VideoFileInput } from './video-file-input';

export function LiveUploadState({
  upload,
  name,
  canRetry,
  onRetry,
  onReplace,
  onOpenStatus,
}: {
  upload: Pick<VideoUploadEntry, 'phase' | 'percentage' | 'error'> & { needsFile?: boolean };
  name: string;
  canRetry: boolean;
  onRetry: () => void;
  /** Another file for this target; absent for those who cannot upload. */
  onReplace?: (files: File[]) => void;
  onOpenStatus?: () => void;
}) {
  const label = getUploadStatusLabel(upload);
  const isSending =
    upload.phase === 'uploading' || upload.phase === 'queued' || upload.phase === 'paused';
  return (
    <div className="mt-2 space-y-1.5" aria-live="polite">
      <div className="flex flex-wrap items-center gap-2">
        <UploadStatusBadge label={label} />
        {isFileRejected(upload) ? (
          // Retry would send the same refused file again (issue 32): offer another file instead.
          onReplace === undefined ? null : (
            <VideoFileInput
              label={`${REPLACE_FILE_TEXT}: ${name}`}
              variant="text"
              icon={<RefreshCw className="size-3.5" aria-hidden="true" />}
              onFiles={onReplace}
            >
              {REPLACE_FILE_TEXT}
            </VideoFileInput>
          )
        ) : upload.phase === 'failed' && canRetry ? (
          <Button
            size="sm"
            variant="text"
            icon={<RotateCcw className="size-3.5" aria-hidden="true" />}
            aria-label={`Retry upload of ${name}`}
            onClick={onRetry}
          >
            Retry
          </Button>
        ) : null}
        {upload.phase === 'failed' && onOpenStatus !== undefined ? (
          <Button size="sm" variant="text" aria-haspopup="dialog" onClick={onOpenStatus}>
            Upload status
          </Button>
        ) : null}
      </div>
      {isSending ? (
        <ProgressMeter value={upload.percentage} label={`Upload of ${name}`} className="max-w-xs" />
      ) : null}
      {upload.phase === 'failed' && upload.error !== null ? (
        <p className="text-sm text-red-700">{upload.error}</p>
      ) : null}
    </div>
  );
}
