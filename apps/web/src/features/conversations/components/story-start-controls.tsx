import { RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The author's controls of a published story in the interact tab: "Restart story" (a new
 * conversation from the top) and "Start from knot…" (a new conversation at a knot or stitch).
 */
export function StoryStartControls({
  places,
  isStarted,
  isBusy,
  problem,
  onStart,
}: {
  /** The published story's knots and stitches (`knot`, `knot.stitch`). */
  places: readonly string[];
  isStarted: boolean;
  isBusy: boolean;
  problem: string | null;
  onStart: (startPath?: string) => void;
}) {
  const [place, setPlace] = useState('');
  const ids = { place: useId(), problem: useId() };
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Story">
        {isStarted ? (
          <Button
            size="sm"
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
            disabled={isBusy}
            onClick={() => onStart()}
          >
            Restart story
          </Button>
        ) : null}
        {places.length > 0 ? (
          <>
            <label htmlFor={ids.place} className="sr-only">
              Start from knot…
            </label>
            <select
              id={ids.place}
              value={place}
              onChange={(event) => setPlace(event.target.value)}
              className="h-8 max-w-full min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            >
              <option value="" disabled>
                Start from knot…
              </option>
              {places.map((path) => (
                <option key={path} value={path}>
                  {path}
                </option>
              ))}
            </select>
            <Button
              size="sm"
              disabled={isBusy || place === ''}
              aria-describedby={problem ? ids.problem : undefined}
              onClick={() => onStart(place)}
            >
              Start here
            </Button>
          </>
        ) : null}
      </div>
      {problem ? (
        <p id={ids.problem} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
