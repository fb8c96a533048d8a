import {
  type ClipKind,
  type PendingVideoUpload,
  type StoryfileDetail,
  type StoryfileVideo,
} from '@conversa/contracts';
import { Play, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatBytes } from '@/lib/format';
import { useDeleteStoryfileVideo } from '../api/delete-storyfile-video';
import { useStoryfileVideos } from '../api/list-storyfile-videos';
import { useUploadEngine } from '../hooks/use-video-uploads';
import { getTargetKey, type VideoUploadEntry, type VideoUploadTarget } from '../types';
import { formatDuration } from '@/lib/duration';
import { canRetryProcessing } from '../utils/can-retry-processing';
import { LiveUploadState } from './live-upload-state';
import { VideoFileInput } from './video-file-input';
import { VideoPlayerDialog } from './video-player-dialog';

function isVideoOf(target: VideoUploadTarget) {
  return (item: { questionId: string | null; clipKind: ClipKind | null }) =>
    target.kind === 'question'
      ? item.questionId === target.questionId
      : item.questionId === null && item.clipKind === target.clipKind;
}

/** The live upload of this target in this session, newest last. */
function findTrackedUpload(
  entries: readonly VideoUploadEntry[],
  storyfileId: string,
  target: VideoUploadTarget,
): VideoUploadEntry | undefined {
  const key = getTargetKey(target);
  return entries.findLast(
    (entry) => entry.storyfileId === storyfileId && getTargetKey(entry.target) === key,
  );
}

/** An upload the server knows about that is newer than the video shown (another tab, another person). */
function findNewerPending(
  pending: readonly PendingVideoUpload[] | undefined,
  target: VideoUploadTarget,
  video: StoryfileVideo | undefined,
): PendingVideoUpload | undefined {
  return (pending ?? [])
    .filter(isVideoOf(target))
    .filter((upload) => video === undefined || upload.createdAt > video.createdAt)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
}

/**
 * The video of one question or clip: poster, play, duration and size; for editors Replace and
 * Delete, or an upload picker when there is none; and the live state of its upload.
 */
export function TargetMedia({
  storyfile,
  isEditable,
  target,
  name,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
  target: VideoUploadTarget;
  name: string;
}) {
  const videos = useStoryfileVideos(storyfile.id);
  const { engine, entries, openStatus } = useUploadEngine();
  const remove = useDeleteStoryfileVideo(storyfile.id);
  const { showToast } = useToast();
  const [isPlaying, setIsPlaying] = useState(false);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);

  const video = videos.data?.videos.find(isVideoOf(target));
  const tracked = findTrackedUpload(entries, storyfile.id, target);
  const pending = tracked
    ? undefined
    : findNewerPending(videos.data?.pendingUploads, target, video);
  const isBusy = tracked !== undefined && tracked.phase !== 'ready' && tracked.phase !== 'failed';

  const upload = (files: File[]) => {
    const file = files[0];
    if (!file || engine === null) {
      return;
    }
    engine.start({
      storyfileId: storyfile.id,
      storyfileName: storyfile.name,
      target,
      file,
      filename: file.name,
      filetype: file.type,
    });
  };

  const live =
    tracked !== undefined && tracked.phase !== 'ready' ? (
      <LiveUploadState
        upload={tracked}
        name={name}
        canRetry={canRetryProcessing(tracked) || (engine?.hasFile(tracked.clientKey) ?? false)}
        onRetry={() =>
          canRetryProcessing(tracked)
            ? void engine?.retryProcessing(tracked.clientKey)
            : engine?.retry(tracked.clientKey)
        }
        onReplace={isEditable ? upload : undefined}
        onOpenStatus={openStatus}
      />
    ) : pending !== undefined && pending.phase !== 'cancelled' && pending.phase !== 'ready' ? (
      <LiveUploadState
        upload={{
          phase: pending.phase === 'uploading' ? 'paused' : pending.phase,
          percentage: 0,
          error: pending.error,
        }}
        name={name}
        canRetry={false}
        onRetry={() => undefined}
      />
    ) : null;

  if (videos.isPending) {
    return (
      <div className="mt-2 text-xs text-slate-500">
        <Spinner className="size-3" label="Loading video" />
      </div>
    );
  }

  return (
    <div className="mt-2">
      {video === undefined ? (
        isEditable && !isBusy ? (
          <VideoFileInput label={`Upload video: ${name}`} onFiles={upload}>
            Upload video
          </VideoFileInput>
        ) : null
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={() => setIsPlaying(true)}
            aria-label={`Play video: ${name}`}
            className="group relative h-16 w-28 shrink-0 overflow-hidden rounded-lg bg-slate-900 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
          >
            <img
              src={video.posterUrl}
              alt=""
              className="size-full object-cover opacity-90 group-hover:opacity-100"
              onError={() => void videos.refetch()}
            />
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="rounded-full bg-black/60 p-1.5 text-white">
                <Play className="size-4 fill-current" aria-hidden="true" />
              </span>
            </span>
          </button>
          <dl className="text-xs text-slate-600">
            <div className="flex gap-1">
              <dt className="sr-only">Duration</dt>
              <dd className="font-semibold text-slate-800 tabular-nums">
                {formatDuration(video.durationMs)}
              </dd>
              <dt className="sr-only">Size</dt>
              <dd>· {formatBytes(video.sizeBytes)}</dd>
            </div>
            {video.filename === null ? null : (
              <div>
                <dt className="sr-only">File</dt>
                <dd className="max-w-48 truncate">{video.filename}</dd>
              </div>
            )}
          </dl>
          {isEditable ? (
            <div className="flex flex-wrap gap-2">
              <VideoFileInput
                label={`Replace video: ${name}`}
                isDisabled={isBusy}
                icon={<RefreshCw className="size-3.5" aria-hidden="true" />}
                onFiles={upload}
              >
                Replace
              </VideoFileInput>
              <Button
                size="sm"
                variant="text"
                id={`delete-video-${video.id}`}
                icon={<Trash2 className="size-3.5" aria-hidden="true" />}
                aria-label={`Delete video: ${name}`}
                className="text-red-700 hover:bg-red-50 hover:text-red-800"
                onClick={() => setIsConfirmingDelete(true)}
              >
                Delete
              </Button>
            </div>
          ) : null}
        </div>
      )}
      {live}
      <VideoPlayerDialog
        video={isPlaying ? (video ?? null) : null}
        title={name}
        onClose={() => setIsPlaying(false)}
        onLoadError={() => void videos.refetch()}
      />
      <ConfirmDialog
        isOpen={isConfirmingDelete && video !== undefined}
        title="Delete video?"
        description={
          <>
            The video of <strong>{name}</strong> is deleted for good, and it becomes unrecorded.
          </>
        }
        confirmText="Delete video"
        isPending={remove.isPending}
        onCancel={() => setIsConfirmingDelete(false)}
        onConfirm={() => {
          if (video === undefined) {
            return;
          }
          remove.mutate(video.id, {
            onSuccess: () => {
              setIsConfirmingDelete(false);
              showToast({ kind: 'success', message: 'Video deleted.' });
            },
            onError: (error) => showToast({ kind: 'error', message: error.message }),
          });
        }}
      />
    </div>
  );
}
