import type { StoryfileVideo } from '@conversa/contracts';
import { useRef } from 'react';
import { Modal } from '@/components/ui/modal';
import { formatBytes } from '@/lib/format';
import { formatDuration } from '@/lib/duration';

/**
 * Plays a video in a dialog. Signed URLs expire: when the browser cannot load one, the caller
 * fetches the list again and the fresh URL replaces it.
 */
export function VideoPlayerDialog({
  video,
  title,
  onClose,
  onLoadError,
}: {
  video: StoryfileVideo | null;
  title: string;
  onClose: () => void;
  onLoadError: () => void;
}) {
  // One refetch per URL: a video that cannot play with a fresh URL is broken, not expired.
  const retriedUrl = useRef<string | null>(null);
  return (
    <Modal
      isOpen={video !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) {
          onClose();
        }
      }}
      title={title}
      size="lg"
    >
      {video === null ? null : (
        <>
          <video
            key={video.videoUrl}
            src={video.videoUrl}
            poster={video.posterUrl}
            controls
            autoPlay
            playsInline
            aria-label={`Video: ${title}`}
            className="aspect-video w-full rounded-lg bg-black"
            onError={() => {
              if (retriedUrl.current !== video.videoUrl) {
                retriedUrl.current = video.videoUrl;
                onLoadError();
              }
            }}
          >
            {video.captionsUrl === null ? null : (
              <track kind="captions" label="Captions" src={video.captionsUrl} default />
            )}
          </video>
          <p className="mt-2 text-sm text-slate-600">
            {formatDuration(video.durationMs)} · {formatBytes(video.sizeBytes)} · {video.width}×
            {video.height}
            {video.filename === null ? null : ` · ${video.filename}`}
            {video.captionsUrl === null ? null : ' · with captions'}
          </p>
        </>
      )}
    </Modal>
  );
}
