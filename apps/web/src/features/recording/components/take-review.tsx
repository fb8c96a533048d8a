import type { SyntheticEvent } from 'react';

/**
 * Plays a finished take. Chrome writes WebM without a duration, so the player would show no
 * length and no usable scrubber: seeking far past the end makes it work the length out.
 */
function fixUnknownDuration(event: SyntheticEvent<HTMLVideoElement>) {
  const video = event.currentTarget;
  if (video.duration !== Infinity && !Number.isNaN(video.duration)) {
    return;
  }
  const reset = () => {
    video.removeEventListener('durationchange', reset);
    video.currentTime = 0;
  };
  video.addEventListener('durationchange', reset);
  video.currentTime = Number.MAX_SAFE_INTEGER;
}

export function TakeReview({ url, label }: { url: string; label: string }) {
  return (
    <video
      key={url}
      src={url}
      data-testid="take-preview"
      aria-label={label}
      className="size-full bg-black object-contain"
      controls
      playsInline
      preload="auto"
      onLoadedMetadata={fixUnknownDuration}
    />
  );
}
