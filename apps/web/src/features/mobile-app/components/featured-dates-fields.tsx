import { useId } from 'react';

const INPUT_CLASS =
  'mt-1 h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none';

/** Optional start and end days of a featured entry, with the order message under them. */
export function FeaturedDatesFields({
  startsOn,
  endsOn,
  onChange,
  error,
}: {
  startsOn: string;
  endsOn: string;
  onChange: (dates: { startsOn: string; endsOn: string }) => void;
  error: string | null;
}) {
  const startId = useId();
  const endId = useId();
  const errorId = useId();
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true } : {};
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">
        Dates (optional; days in UTC, empty means no limit)
      </legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={startId} className="text-sm text-slate-700">
            Start date
          </label>
          <input
            id={startId}
            type="date"
            className={INPUT_CLASS}
            value={startsOn}
            onChange={(event) => onChange({ startsOn: event.target.value, endsOn })}
          />
        </div>
        <div>
          <label htmlFor={endId} className="text-sm text-slate-700">
            End date
          </label>
          <input
            id={endId}
            type="date"
            className={INPUT_CLASS}
            value={endsOn}
            onChange={(event) => onChange({ startsOn, endsOn: event.target.value })}
            {...described}
          />
        </div>
      </div>
      {error ? (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
