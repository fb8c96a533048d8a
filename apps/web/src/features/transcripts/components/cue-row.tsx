import type { CaptionCue } from '@conversa/contracts';
import { Combine, Play, Scissors } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatCueTime, NUDGE_MS } from '../utils/cue-edits';

/** One caption of the editor: its times with their nudges, its words, and its actions. */
export function CueRow({
  cue,
  index,
  isPlaying,
  isEditable,
  isLast,
  textRef,
  onTextChange,
  onPlay,
  onNudge,
  onSplit,
  onMerge,
}: {
  cue: CaptionCue;
  index: number;
  isPlaying: boolean;
  isEditable: boolean;
  isLast: boolean;
  textRef: Ref<HTMLTextAreaElement>;
  onTextChange: (text: string) => void;
  onPlay: () => void;
  onNudge: (edge: 'start' | 'end', deltaMs: number) => void;
  onSplit: () => void;
  onMerge: () => void;
}) {
  const number = index + 1;
  const start = formatCueTime(cue.startMs);
  const end = formatCueTime(cue.endMs);
  const nudge = (edge: 'start' | 'end', sign: 1 | -1) => {
    const word = edge === 'start' ? 'Start' : 'End';
    return (
      <Button
        size="sm"
        variant="default"
        className="px-2"
        aria-label={`${word} ${sign < 0 ? '−' : '+'}0.1 s, caption ${number}`}
        idText={`${word} ${sign < 0 ? 'earlier' : 'later'} ${number}`}
        onClick={() => onNudge(edge, sign * NUDGE_MS)}
      >
        {sign < 0 ? '−0.1 s' : '+0.1 s'}
      </Button>
    );
  };
  return (
    <li
      aria-current={isPlaying ? 'true' : undefined}
      aria-label={`Caption ${number}, ${start} to ${end}`}
      className={cn(
        'rounded-lg border p-3',
        isPlaying ? 'border-brand-600 bg-brand-50 ring-2 ring-brand-300' : 'border-slate-200',
      )}
    >
      <div className="mb-2 flex flex-wrap items-center gap-2 text-sm text-slate-700">
        <Button
          size="sm"
          variant="text"
          className="px-2"
          icon={<Play className="size-4" aria-hidden="true" />}
          idText={`Play caption ${number}`}
          onClick={onPlay}
        >
          Play{' '}
          <span className="font-mono tabular-nums">
            {start} – {end}
          </span>
        </Button>
        {isPlaying ? <span className="font-semibold text-brand-800">Playing</span> : null}
      </div>
      <label className="sr-only" htmlFor={`cue-text-${index}`}>
        Words of caption {number}
      </label>
      <textarea
        id={`cue-text-${index}`}
        ref={textRef}
        value={cue.text}
        readOnly={!isEditable}
        rows={2}
        onChange={(event) => onTextChange(event.target.value)}
        className="block w-full rounded-md border border-slate-300 px-2 py-1.5 text-base text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      {isEditable ? (
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-700">
          <span className="flex items-center gap-1">
            <span aria-hidden="true">Start</span>
            {nudge('start', -1)}
            {nudge('start', 1)}
          </span>
          <span className="flex items-center gap-1">
            <span aria-hidden="true">End</span>
            {nudge('end', -1)}
            {nudge('end', 1)}
          </span>
          <Button
            size="sm"
            variant="default"
            icon={<Scissors className="size-4" aria-hidden="true" />}
            aria-label={`Split caption ${number} at the cursor`}
            idText={`Split caption ${number}`}
            onClick={onSplit}
          >
            Split
          </Button>
          {isLast ? null : (
            <Button
              size="sm"
              variant="default"
              icon={<Combine className="size-4" aria-hidden="true" />}
              aria-label={`Merge caption ${number} with the next`}
              idText={`Merge caption ${number}`}
              onClick={onMerge}
            >
              Merge
            </Button>
          )}
        </div>
      ) : null}
    </li>
  );
}
