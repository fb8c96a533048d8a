import { CameraOff, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { MEDIA_PROBLEM_MESSAGES, type MediaProblem } from '../utils/media-errors';

/** Shown in place of the preview when the camera or microphone cannot be used. */
export function MediaProblemPanel({
  problem,
  onRetry,
}: {
  problem: MediaProblem;
  onRetry: () => void;
}) {
  const message = MEDIA_PROBLEM_MESSAGES[problem];
  return (
    <div
      role="alert"
      className="flex size-full flex-col items-center justify-center gap-3 bg-slate-900 px-6 text-center text-slate-100"
    >
      <CameraOff className="size-10 text-red-400" aria-hidden="true" />
      <p className="max-w-md text-base font-semibold">{message.title}</p>
      <p className="max-w-md text-sm text-slate-300">{message.fix}</p>
      {problem === 'unsupported' ? null : (
        <Button
          variant="default"
          size="sm"
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
          onClick={onRetry}
        >
          Try again
        </Button>
      )}
    </div>
  );
}
