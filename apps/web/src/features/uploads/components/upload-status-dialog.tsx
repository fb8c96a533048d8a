import { UPLOAD_STATUS_DIALOG_TITLE } from '@conversa/contracts';
import { ChevronDown, ChevronRight, Pause, Play, RefreshCw, RotateCcw, X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatBytes } from '@/lib/format';
import { useUploadEngine } from '../hooks/use-video-uploads';
import type { VideoUploadEntry } from '../types';
import { canRetryProcessing } from '../utils/can-retry-processing';
import type { VideoUploadEngine } from '../utils/upload-engine';
import {
  formatVideoCount,
  getUploadStatusLabel,
  groupUploadsByStoryfile,
  isFileRejected,
  type StoryfileUploadGroup,
} from '../utils/upload-summary';
import { ProgressMeter, UploadStatusBadge } from './upload-status-label';
import { VideoFileInput } from './video-file-input';

export const RESELECT_FILE_TEXT = 'Select the file again to resume';
export const UPLOAD_AGAIN_TEXT = 'Upload the file again';
/** Processes a video the studio failed to process again, from the bytes it holds. */
export const TRY_AGAIN_TEXT = 'Try again';
/** Picks another file for an upload whose file was refused: sending it again cannot succeed. */
export const REPLACE_FILE_TEXT = 'Replace the file';

function needsAttention(upload: VideoUploadEntry): boolean {
  return upload.phase === 'failed' || upload.needsFile;
}

/** Pick-the-file-again control of an upload whose bytes the page no longer holds. */
function ReselectFile({ engine, upload }: { engine: VideoUploadEngine; upload: VideoUploadEntry }) {
  const [error, setError] = useState<string | null>(null);
  const isResume = upload.isResumable;
  const text = isResume ? RESELECT_FILE_TEXT : UPLOAD_AGAIN_TEXT;
  return (
    <div className="mt-2 space-y-1">
      {isResume ? (
        <p className="text-xs text-slate-600">
          The page was reloaded while {upload.filename} was uploading. Select the same file to go on
          from {upload.percentage}%.
        </p>
      ) : null}
      <VideoFileInput
        label={`${text}: ${upload.questionText}`}
        onFiles={([file]) => {
          if (file) {
            setError(engine.provideFile(upload.clientKey, file));
          }
        }}
      >
        {text}
      </VideoFileInput>
      {error === null ? null : (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function UploadRow({
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
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">
            {upload.topicName}
          </p>
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
      {upload.needsFile ? <ReselectFile engine={engine} upload={upload} /> : null}
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
              Replace
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

function StoryfileGroup({
  engine,
  group,
  firstFailedKey,
}: {
  engine: VideoUploadEngine;
  group: StoryfileUploadGroup;
  firstFailedKey: string | undefined;
}) {
  const [isExpanded, setIsExpanded] = useState(() => group.uploads.some(needsAttention));
  const listId = useId();
  const failed = group.uploads.filter((upload) => upload.phase === 'failed').length;
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-center justify-between gap-3">
        <h3 className="min-w-0 truncate text-sm font-semibold text-slate-900">
          {group.storyfileName}
        </h3>
        <span className="text-sm font-semibold text-slate-700 tabular-nums">
          {group.percentage}%
        </span>
      </div>
      <ProgressMeter
        value={group.percentage}
        label={`Overall progress of ${group.storyfileName}`}
        className="mt-2 h-2"
      />
      <div className="mt-2 flex items-center justify-between gap-2">
        <p className="text-xs text-slate-500">
          {formatVideoCount(group.uploads.length)}
          {failed > 0 ? ` · ${failed} failed` : null}
        </p>
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={isExpanded ? listId : undefined}
          aria-label={`${isExpanded ? 'Hide' : 'Show'} videos of ${group.storyfileName}`}
          onClick={() => setIsExpanded(!isExpanded)}
          className="inline-flex items-center gap-1 rounded px-1 text-xs font-semibold text-brand-700 hover:text-brand-800"
        >
          {isExpanded ? (
            <ChevronDown className="size-3.5" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-3.5" aria-hidden="true" />
          )}
          {isExpanded ? 'Hide videos' : 'Show videos'}
        </button>
      </div>
      {isExpanded ? (
        <ul
          id={listId}
          aria-label={`Videos of ${group.storyfileName}`}
          className="mt-2 divide-y divide-slate-100 border-t border-slate-100"
        >
          {group.uploads.map((upload) => (
            <UploadRow
              key={upload.clientKey}
              engine={engine}
              upload={upload}
              isFirstFailed={upload.clientKey === firstFailedKey}
            />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The 'Video Upload Status' dialog (spec §2): each storyfile's progress and its videos. */
export function UploadStatusDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { engine, entries } = useUploadEngine();
  const groups = groupUploadsByStoryfile(entries);
  const hasFinished = entries.some((entry) => entry.phase === 'ready');
  // "1 upload failed" on the bar leads straight to that video: its group opens expanded and the
  // dialog's focus starts on its Retry (or Remove).
  const firstFailedKey = groups
    .flatMap((group) => group.uploads)
    .find((upload) => upload.phase === 'failed')?.clientKey;
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={UPLOAD_STATUS_DIALOG_TITLE}
      description="Uploads go on while you work elsewhere in the studio."
      size="lg"
    >
      {engine === null || groups.length === 0 ? (
        <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-600">No uploads right now.</p>
      ) : (
        <ul aria-label="Storyfiles with uploads" className="space-y-3">
          {groups.map((group) => (
            <StoryfileGroup
              key={group.storyfileId}
              engine={engine}
              group={group}
              firstFailedKey={firstFailedKey}
            />
          ))}
        </ul>
      )}
      {hasFinished && engine !== null ? (
        <div className="mt-4 flex justify-end">
          <Button variant="text" size="sm" onClick={() => engine.clearFinished()}>
            Clear finished
          </Button>
        </div>
      ) : null}
    </Modal>
  );
}
