import { Check, ChevronLeft, ChevronRight, Circle, RotateCcw, Square, Trash2 } from 'lucide-react';
import type { RecordingPhase } from '../utils/studio-state';
import { StudioButton } from './studio-button';

/**
 * The toolbar under the video: previous and next on the sides (discard while reviewing), and in
 * the middle what the phase allows: record, cancel the countdown, stop, or retake and keep.
 */
export function RecordingControls({
  phase,
  canRecord,
  isStopping,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onRecord,
  onCancel,
  onStop,
  onRetake,
  onKeep,
  onDiscard,
}: {
  phase: RecordingPhase;
  canRecord: boolean;
  /** The recorder is finishing the take; a second stop would do nothing. */
  isStopping: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onRecord: () => void;
  onCancel: () => void;
  onStop: () => void;
  onRetake: () => void;
  onKeep: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="@container">
      <div
        role="toolbar"
        aria-label="Recording controls"
        // Where the three groups do not fit one row (Next was cut off at 390 px, and beside the
        // question list at 1024 px; the stage's width decides, not the window's): the main
        // action takes the first row, Previous and Next share the second.
        className="grid grid-cols-2 items-center gap-3 border-t border-white/10 bg-slate-900 px-4 py-3 @xl:grid-cols-[1fr_auto_1fr]"
      >
        <div className="row-start-2 @xl:row-start-1">
          {phase === 'review' ? (
            <StudioButton
              tone="ghost"
              onClick={onDiscard}
              icon={<Trash2 className="size-4" aria-hidden="true" />}
            >
              Discard
            </StudioButton>
          ) : (
            <StudioButton
              tone="ghost"
              onClick={onPrevious}
              disabled={phase !== 'ready' || !hasPrevious}
              shortcut={{ label: 'P', aria: 'P' }}
              icon={<ChevronLeft className="size-4" aria-hidden="true" />}
            >
              Previous
            </StudioButton>
          )}
        </div>
        <div className="col-span-2 row-start-1 flex flex-wrap items-center justify-center gap-2 @xl:col-span-1">
          {phase === 'ready' ? (
            <StudioButton
              tone="record"
              onClick={onRecord}
              disabled={!canRecord}
              shortcut={{ label: 'R', aria: 'R' }}
              icon={<Circle className="size-4 fill-current" aria-hidden="true" />}
            >
              Record
            </StudioButton>
          ) : null}
          {phase === 'countdown' ? (
            <StudioButton
              tone="ghost"
              onClick={onCancel}
              shortcut={{ label: 'Esc', aria: 'Escape' }}
            >
              Cancel
            </StudioButton>
          ) : null}
          {phase === 'recording' ? (
            <StudioButton
              tone="stop"
              onClick={onStop}
              disabled={isStopping}
              shortcut={{ label: 'R', aria: 'R' }}
              icon={<Square className="size-4 fill-red-600 text-red-600" aria-hidden="true" />}
            >
              Stop
            </StudioButton>
          ) : null}
          {phase === 'review' ? (
            <>
              <StudioButton
                tone="ghost"
                onClick={onRetake}
                shortcut={{ label: 'R', aria: 'R' }}
                icon={<RotateCcw className="size-4" aria-hidden="true" />}
              >
                Retake
              </StudioButton>
              <StudioButton
                tone="keep"
                onClick={onKeep}
                shortcut={{ label: 'K', aria: 'K' }}
                icon={<Check className="size-4" aria-hidden="true" />}
              >
                Keep
              </StudioButton>
            </>
          ) : null}
        </div>
        <div className="row-start-2 flex justify-end @xl:row-start-1">
          {phase === 'review' ? null : (
            <StudioButton
              tone="ghost"
              onClick={onNext}
              disabled={phase !== 'ready' || !hasNext}
              shortcut={{ label: 'N', aria: 'N' }}
            >
              Next
              <ChevronRight className="size-4" aria-hidden="true" />
            </StudioButton>
          )}
        </div>
      </div>
    </div>
  );
}
