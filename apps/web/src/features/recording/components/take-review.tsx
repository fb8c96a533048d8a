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

/** The media's own length in milliseconds, once the browser knows it (never Infinity). */
function readDurationMs(video: HTMLVideoElement): number | null {
  return Number.isFinite(video.duration) ? video.duration * 1000 : null;
}

export function TakeReview({
  url,
  label,
  onDuration,
}: {
  url: string;
  label: string;
  /** The length the player shows: the take's label uses it so the two never disagree. */
  onDuration?: (durationMs: number) => void;
}) {
  const report = (event: SyntheticEvent<HTMLVideoElement>) => {
    const durationMs = readDurationMs(event.currentTarget);
    if (durationMs !== null) {
      onDuration?.(durationMs);
    }
  };
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
      onLoadedMetadata={(event) => {
        fixUnknownDuration(event);
        report(event);
      }}
      onDurationChange={report}
    />
  );
}
