import {
  CHAT_CHANNEL_LABELS,
  CHAT_CHANNELS,
  CHAT_DECISIONS,
  CONFIDENCE_CLASSES,
  CONFIDENCE_LABELS,
  DECISION_LABELS,
  REVIEW_STATE_LABELS,
  REVIEW_STATES,
} from '@conversa/contracts';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { countReviewFilters, type ReviewFilters } from '../utils/review-filters';

const CONTROL_CLASS =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

function Field({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="flex w-full min-w-0 flex-col gap-1 sm:w-40">
      <label htmlFor={id} className="text-xs font-semibold text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Select<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <select
          id={id}
          className={CONTROL_CLASS}
          value={value ?? ''}
          onChange={(event) =>
            onChange(options.find((option) => option.value === event.target.value)?.value)
          }
        >
          <option value="">All</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Filters of the inbox: date, decision, confidence, channel, review state, rating, near-ties. */
export function ReviewFilterBar({
  filters,
  onChange,
  onClear,
}: {
  filters: ReviewFilters;
  onChange: (changes: Partial<ReviewFilters>) => void;
  onClear: () => void;
}) {
  const nearTieId = useId();
  return (
    <div className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-3">
      {(['from', 'to'] as const).map((key) => (
        <Field key={key} label={key === 'from' ? 'From' : 'To'}>
          {(id) => (
            <input
              id={id}
              type="date"
              className={CONTROL_CLASS}
              value={filters[key] ?? ''}
              onChange={(event) =>
                onChange({ [key]: DAY.test(event.target.value) ? event.target.value : undefined })
              }
            />
          )}
        </Field>
      ))}
      <Select
        label="Decision"
        value={filters.decision}
        options={CHAT_DECISIONS.map((value) => ({ value, label: DECISION_LABELS[value] }))}
        onChange={(decision) => onChange({ decision })}
      />
      <Select
        label="Confidence"
        value={filters.confidence}
        options={CONFIDENCE_CLASSES.map((value) => ({ value, label: CONFIDENCE_LABELS[value] }))}
        onChange={(confidence) => onChange({ confidence })}
      />
      <Select
        label="Channel"
        value={filters.channel}
        options={CHAT_CHANNELS.map((value) => ({ value, label: CHAT_CHANNEL_LABELS[value] }))}
        onChange={(channel) => onChange({ channel })}
      />
      <Select
        label="Review state"
        value={filters.reviewState}
        options={REVIEW_STATES.map((value) => ({ value, label: REVIEW_STATE_LABELS[value] }))}
        onChange={(reviewState) => onChange({ reviewState })}
      />
      <Select
        label="Rating"
        value={filters.feedback}
        options={[
          { value: 'up', label: 'Thumbs up' },
          { value: 'down', label: 'Thumbs down' },
          { value: 'none', label: 'Not rated' },
        ]}
        onChange={(feedback) => onChange({ feedback })}
      />
      <div className="flex h-9 items-center gap-2">
        <input
          id={nearTieId}
          type="checkbox"
          className="size-4"
          checked={filters.nearTie === true}
          onChange={(event) => onChange({ nearTie: event.target.checked || undefined })}
        />
        <label htmlFor={nearTieId} className="text-sm text-slate-700">
          Near-ties only
        </label>
      </div>
      {countReviewFilters(filters) - (filters.storyfileId === undefined ? 0 : 1) > 0 ? (
        <Button size="sm" variant="text" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
