import {
  CHAT_CHANNEL_LABELS,
  CHAT_CHANNELS,
  CHAT_DECISIONS,
  CONFIDENCE_CLASSES,
} from '@conversa/contracts';
import { X } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useStoryfileOptions } from '../api/list-storyfile-options';
import {
  countActiveFilters,
  getDateRangeError,
  isCalendarDay,
  type ChatLogFilters,
} from '../utils/chat-log-filters';
import { CONFIDENCE_LABELS, DECISION_LABELS } from '../utils/labels';

const CONTROL_CLASS =
  'h-9 w-full rounded-lg border border-slate-300 bg-white px-2.5 text-sm text-slate-800 shadow-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none';

function Field({
  label,
  className = 'w-full sm:w-40',
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-xs font-semibold text-slate-600">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  className?: string;
  allLabel: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Field label={label} {...(className === undefined ? {} : { className })}>
      {(id) => (
        <select
          id={id}
          className={CONTROL_CLASS}
          value={value ?? ''}
          onChange={(event) =>
            onChange(options.find((option) => option.value === event.target.value)?.value)
          }
        >
          <option value="">{allLabel}</option>
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

function DayInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className={CONTROL_CLASS}
          value={value ?? ''}
          onChange={(event) =>
            onChange(isCalendarDay(event.target.value) ? event.target.value : undefined)
          }
        />
      )}
    </Field>
  );
}

const DECISION_OPTIONS = CHAT_DECISIONS.map((value) => ({ value, label: DECISION_LABELS[value] }));
const CONFIDENCE_OPTIONS = CONFIDENCE_CLASSES.map((value) => ({
  value,
  label: CONFIDENCE_LABELS[value],
}));
const CHANNEL_OPTIONS = CHAT_CHANNELS.map((value) => ({
  value,
  label: CHAT_CHANNEL_LABELS[value],
}));

/** Storyfile, date range, decision, confidence and channel filters of the chat log list. */
export function ChatLogFilterBar({
  filters,
  onChange,
  onClear,
}: {
  filters: ChatLogFilters;
  onChange: (changes: Partial<ChatLogFilters>) => void;
  onClear: () => void;
}) {
  const storyfiles = useStoryfileOptions();
  const storyfileOptions = (storyfiles.data ?? []).map((storyfile) => ({
    value: storyfile.id,
    label: storyfile.name,
  }));
  // A storyfile picked elsewhere (a link, recent activity) stays selectable while names load.
  if (
    filters.storyfileId !== undefined &&
    !storyfileOptions.some((option) => option.value === filters.storyfileId)
  ) {
    storyfileOptions.unshift({
      value: filters.storyfileId,
      label: storyfiles.isPending ? 'Loading…' : 'Another storyfile',
    });
  }
  const rangeError = getDateRangeError(filters);
  const activeCount = countActiveFilters(filters);

  return (
    <section
      aria-label="Filters"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Storyfile"
          className="w-full sm:w-64"
          allLabel="All storyfiles"
          value={filters.storyfileId}
          options={storyfileOptions}
          onChange={(storyfileId) => onChange({ storyfileId })}
        />
        <DayInput label="From" value={filters.from} onChange={(from) => onChange({ from })} />
        <DayInput label="To" value={filters.to} onChange={(to) => onChange({ to })} />
        <FilterSelect
          label="Decision"
          allLabel="All decisions"
          value={filters.decision}
          options={DECISION_OPTIONS}
          onChange={(decision) => onChange({ decision })}
        />
        <FilterSelect
          label="Confidence"
          allLabel="All confidence"
          value={filters.confidence}
          options={CONFIDENCE_OPTIONS}
          onChange={(confidence) => onChange({ confidence })}
        />
        <FilterSelect
          label="Channel"
          allLabel="All channels"
          value={filters.channel}
          options={CHANNEL_OPTIONS}
          onChange={(channel) => onChange({ channel })}
        />
        <Button
          size="sm"
          variant="text"
          disabled={activeCount === 0}
          onClick={onClear}
          icon={<X className="size-4" aria-hidden="true" />}
          className="h-9"
        >
          Clear filters
        </Button>
      </div>
      {rangeError === null ? null : (
        <p role="alert" className="mt-3 text-sm font-medium text-amber-800">
          {rangeError}
        </p>
      )}
      {storyfiles.error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          The storyfile names could not be loaded: {storyfiles.error.message}
        </p>
      ) : null}
    </section>
  );
}
