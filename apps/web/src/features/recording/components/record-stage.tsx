import { Mic, Video } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import type { RecordedTake } from '../hooks/use-media-recorder';
import type { MediaProblem } from '../utils/media-errors';
import { formatDuration } from '@/lib/duration';
import { getStageView, isNearRecordingCap, type RecordingPhase } from '../utils/studio-state';
import { LevelMeter } from './level-meter';
import { LivePreview } from './live-preview';
import { MediaProblemPanel } from './media-problem-panel';
import { TakeReview } from './take-review';

/**
 * The video area: the live camera, the take under review, or a camera problem, with what the
 * phase adds on top (the REC timer, the countdown, the take's length, the microphone level).
 */
export function RecordStage({
  phase,
  stream,
  problem,
  onRetry,
  take,
  elapsedMs,
  capMs,
  countdownRemaining,
  level,
  targetTitle,
}: {
  phase: RecordingPhase;
  stream: MediaStream | null;
  /** Set when the camera failed with something to explain. */
  problem: MediaProblem | null;
  onRetry: () => void;
  take: RecordedTake | null;
  elapsedMs: number;
  capMs: number;
  countdownRemaining: number | null;
  level: number;
  targetTitle: string;
}) {
  // The recorder's clock runs from start to stop, a little longer than the video it wrote: once the
  // player knows the video's own length, the label shows that one (issue 32, item 18).
  const [measured, setMeasured] = useState<{ url: string; durationMs: number } | null>(null);
  const takeDurationMs =
    take === null ? 0 : measured?.url === take.url ? measured.durationMs : take.durationMs;
  const view = getStageView({
    phase,
    hasTake: take !== null,
    hasProblem: problem !== null,
    hasStream: stream !== null,
  });
  return (
    // Width follows the window's height so the picture and the controls fit on one screen.
    <div className="relative mx-auto aspect-video w-full max-w-[max(24rem,calc((100vh-23rem)*16/9))] bg-black">
      {view === 'take' && take !== null ? (
        <TakeReview
          url={take.url}
          label={`Your take for ${targetTitle}`}
          onDuration={(durationMs) => setMeasured({ url: take.url, durationMs })}
        />
      ) : view === 'problem' && problem !== null ? (
        <MediaProblemPanel problem={problem} onRetry={onRetry} />
      ) : view === 'preview' && stream !== null ? (
        <LivePreview stream={stream} />
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-3 text-slate-300">
          <Spinner className="size-6" label="Starting the camera" />
          <p className="text-sm">Starting the camera… Allow the camera and microphone if asked.</p>
        </div>
      )}
      {phase === 'recording' ? (
        <div
          className={cn(
            'absolute top-3 left-3 inline-flex items-center gap-2 rounded-full px-3 py-1 text-sm font-semibold text-white shadow',
            isNearRecordingCap(elapsedMs, capMs) ? 'bg-amber-600' : 'bg-red-600',
          )}
        >
          <span className="size-2.5 animate-pulse rounded-full bg-white" aria-hidden="true" />
          <span>REC</span>
          <span role="timer" aria-label="Recording time" className="font-mono tabular-nums">
            {formatDuration(elapsedMs)}
          </span>
          <span className="font-normal opacity-80">/ {formatDuration(capMs)}</span>
        </div>
      ) : null}
      {phase === 'countdown' && countdownRemaining !== null ? (
        <div className="absolute inset-0 flex flex-col items-center justify-center bg-slate-950/45">
          <span
            role="status"
            aria-label={`Recording starts in ${countdownRemaining}`}
            className="text-8xl font-bold text-white tabular-nums drop-shadow-lg"
          >
            {countdownRemaining}
          </span>
          <span className="mt-2 text-sm font-medium text-white drop-shadow">
            Get ready… Esc cancels
          </span>
        </div>
      ) : null}
      {phase === 'review' && take !== null ? (
        <div className="pointer-events-none absolute top-3 left-3 inline-flex items-center gap-2 rounded-full bg-slate-900/80 px-3 py-1 text-sm font-semibold text-white">
          <Video className="size-4" aria-hidden="true" />
          Your take · {formatDuration(takeDurationMs)}
        </div>
      ) : null}
      {phase === 'ready' && stream !== null ? (
        <div
          aria-hidden="true"
          className="pointer-events-none absolute right-3 bottom-3 flex w-44 items-center gap-2 rounded-lg bg-slate-900/70 px-2.5 py-2"
        >
          <Mic className="size-4 shrink-0 text-white" />
          <LevelMeter level={level} isActive tone="dark" />
        </div>
      ) : null}
    </div>
  );
}
