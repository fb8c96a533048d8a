import { Pause, Play, RefreshCw, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatBytes } from '@/lib/format';
import type { VideoUploadEntry } from '../types';
import { canRetryProcessing } from '../utils/can-retry-processing';
import type { VideoUploadEngine } from '../utils/upload-engine';
import { getUploadStatusLabel, isFileRejected } from '../utils/upload-summary';
import { ReselectFile } from './reselect-file';
import { ProgressMeter, UploadStatusBadge } from './upload-status-label';
import { VideoFileInput } from './video-file-input';

/** Processes a video the studio failed to process again, from the bytes it holds. */
export const TRY_AGAIN_TEXT = 'Try again';
/**
 * Picks another file for an upload whose file was refused: sending it again cannot succeed, so
 * neither Retry nor "Upload the file again" is offered (issue 68 item 8); the reason is above it.
 */
export const REPLACE_FILE_TEXT = 'Choose another file';

export function UploadRow({
  engine,
  upload,
  isFirstFailed,
}: {
  engine: VideoUploadEngine;
  upload: VideoUploadEntry;
  isFirstFailed: boolean;
}) {
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const label = getUploadStatusLabel(upload);
  const hasFile = engine.hasFile(upload.clientKey);
  const isSending =
    upload.phase === 'uploading' || upload.phase === 'queued' || upload.phase === 'paused';
  const name = upload.questionText;
  const hasActions = isSending || upload.phase === 'failed';
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <div className="min-w-0 flex-1">
          {/* The author's topic name as written (issue 68 item 8: it was upper-cased). */}
          <p className="text-xs font-medium text-slate-500">{upload.topicName}</p>
          <p className="text-sm font-medium text-slate-900">{name}</p>
          <p className="text-xs text-slate-500">
            {upload.filename}
            {upload.sizeBytes === null ? null : ` · ${formatBytes(upload.sizeBytes)}`}
          </p>
        </div>
        <UploadStatusBadge label={label} />
      </div>
      {isSending ? (
        <ProgressMeter value={upload.percentage} label={`Upload of ${name}`} className="mt-2" />
      ) : null}
      {upload.phase === 'failed' && upload.error !== null ? (
        <p className="mt-2 text-sm text-red-700">{upload.error}</p>
      ) : null}
      {upload.needsFile && !isFileRejected(upload) ? (
        <ReselectFile engine={engine} upload={upload} />
      ) : null}
      {isConfirmingCancel ? (
        <div
          role="group"
          aria-label={`Cancel the upload of ${name}?`}
          className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2"
        >
          <p className="text-sm text-red-900">Cancel this upload? Its bytes are deleted.</p>
          <Button
            size="sm"
            className="bg-red-600 text-white hover:bg-red-700"
            variant="primary"
            id={`confirm-cancel-${upload.clientKey}`}
            onClick={() => {
              setIsConfirmingCancel(false);
              void engine.cancel(upload.clientKey);
            }}
          >
            Cancel upload
          </Button>
          <Button
            size="sm"
            variant="cancel"
            id={`keep-${upload.clientKey}`}
            onClick={() => setIsConfirmingCancel(false)}
          >
            Keep uploading
          </Button>
        </div>
      ) : hasActions ? (
        <div className="mt-2 flex flex-wrap gap-2">
          {upload.phase === 'uploading' || upload.phase === 'queued' ? (
            <Button
              size="sm"
              variant="default"
              icon={<Pause className="size-3.5" aria-hidden="true" />}
              id={`pause-${upload.clientKey}`}
              aria-label={`Pause upload of ${name}`}
              onClick={() => engine.pause(upload.clientKey)}
            >
              Pause
            </Button>
          ) : null}
          {upload.phase === 'paused' && !upload.needsFile && hasFile ? (
            <Button
              size="sm"
              variant="default"
              icon={<Play className="size-3.5" aria-hidden="true" />}
              id={`resume-${upload.clientKey}`}
              aria-label={`Resume upload of ${name}`}
              onClick={() => engine.resume(upload.clientKey)}
            >
              Resume
            </Button>
          ) : null}
          {canRetryProcessing(upload) ? (
            <Button
              size="sm"
              variant="default"
              icon={<RotateCcw className="size-3.5" aria-hidden="true" />}
              id={`try-again-${upload.clientKey}`}
              aria-label={`Try processing ${name} again`}
              onClick={() => void engine.retryProcessing(upload.clientKey)}
            >
              {TRY_AGAIN_TEXT}
            </Button>
          ) : isFileRejected(upload) ? (
            // The file itself was refused (not a video, no sound...): only another file helps.
            <VideoFileInput
              label={`${REPLACE_FILE_TEXT}: ${name}`}
              icon={<RefreshCw className="size-3.5" aria-hidden="true" />}
              onFiles={([file]) => {
                if (file) {
                  engine.start({
                    storyfileId: upload.storyfileId,
                    storyfileName: upload.storyfileName,
                    target: upload.target,
                    file,
                    filename: file.name,
                    filetype: file.type,
                  });
                }
              }}
            >
              {REPLACE_FILE_TEXT}
            </VideoFileInput>
          ) : upload.phase === 'failed' && hasFile ? (
            <Button
              size="sm"
              variant="default"
              icon={<RotateCcw className="size-3.5" aria-hidden="true" />}
              // The dialog opens here when a failure sent the person to it.
              data-autofocus={isFirstFailed ? true : undefined}
              id={`retry-${upload.clientKey}`}
              aria-label={`Retry upload of ${name}`}
              onClick={() => engine.retry(upload.clientKey)}
            >
              Retry
            </Button>
          ) : null}
          {isSending ? (
            <Button
              size="sm"
              variant="text"
              icon={<X className="size-3.5" aria-hidden="true" />}
              id={`cancel-${upload.clientKey}`}
              aria-label={`Cancel upload of ${name}`}
              onClick={() => setIsConfirmingCancel(true)}
            >
              Cancel
            </Button>
          ) : null}
          {upload.phase === 'failed' ? (
            <Button
              size="sm"
              variant="text"
              data-autofocus={
                isFirstFailed && (!hasFile || isFileRejected(upload)) ? true : undefined
              }
              id={`remove-${upload.clientKey}`}
              aria-label={`Remove upload of ${name}`}
              onClick={() => engine.dismiss(upload.clientKey)}
            >
              Remove
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
