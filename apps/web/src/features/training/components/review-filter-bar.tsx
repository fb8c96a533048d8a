import {
  CHAT_CHANNEL_LABELS,
  CHAT_CHANNELS,
  CHAT_OUTCOMES,
  CONFIDENCE_CLASSES,
  CONFIDENCE_LABELS,
  OUTCOME_LABELS,
  REVIEW_STATE_LABELS,
  REVIEW_STATES,
} from '@conversa/contracts';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { CONTROL_CLASS, Field } from '@/components/ui/field';
import { FilterSelect } from '@/components/ui/filter-select';
import { countReviewFilters, type ReviewFilters } from '../utils/review-filters';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Filters of the inbox: date, decision, confidence, channel, review state, rating, near-ties, and
 * the exchanges where the storyfile asked back.
 */
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
  const clarifiedId = useId();
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
      <FilterSelect
        allLabel="All"
        label="Decision"
        value={filters.decision}
        options={CHAT_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] }))}
        onChange={(decision) => onChange({ decision })}
      />
      <FilterSelect
        allLabel="All"
        label="Confidence"
        value={filters.confidence}
        options={CONFIDENCE_CLASSES.map((value) => ({ value, label: CONFIDENCE_LABELS[value] }))}
        onChange={(confidence) => onChange({ confidence })}
      />
      <FilterSelect
        allLabel="All"
        label="Channel"
        value={filters.channel}
        options={CHAT_CHANNELS.map((value) => ({ value, label: CHAT_CHANNEL_LABELS[value] }))}
        onChange={(channel) => onChange({ channel })}
      />
      <FilterSelect
        allLabel="All"
        label="Review state"
        value={filters.reviewState}
        options={REVIEW_STATES.map((value) => ({ value, label: REVIEW_STATE_LABELS[value] }))}
        onChange={(reviewState) => onChange({ reviewState })}
      />
      <FilterSelect
        allLabel="All"
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
      <div className="flex h-9 items-center gap-2">
        <input
          id={clarifiedId}
          type="checkbox"
          className="size-4"
          checked={filters.clarified === true}
          onChange={(event) => onChange({ clarified: event.target.checked || undefined })}
        />
        <label htmlFor={clarifiedId} className="text-sm text-slate-700">
          Asked back only
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
