import {
  CHAT_CHANNEL_LABELS,
  CHAT_CHANNELS,
  CHAT_DECISIONS,
  CONFIDENCE_CLASSES,
  CONFIDENCE_LABELS,
  DECISION_LABELS,
  MAX_ASK_TEXT_LENGTH,
} from '@conversa/contracts';
import { X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useStoryfileOptions } from '@/entities/storyfile';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { useSelectedStoryfileName } from '../hooks/use-selected-storyfile-name';
import {
  countActiveFilters,
  getDateRangeError,
  isCalendarDay,
  type ChatLogFilters,
} from '../utils/chat-log-filters';

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

/** How long typing in the storyfile search waits before asking the server. */
const STORYFILE_SEARCH_DELAY_MS = 300;

/**
 * The storyfile filter: a select of the user's storyfiles by name. With more than the list
 * endpoint's largest page, a search field above it narrows the select through the server.
 */
function StoryfileFilter({
  storyfileId,
  onChange,
}: {
  storyfileId: string | undefined;
  onChange: (storyfileId: string | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const settledSearch = useDebouncedValue(search.trim(), STORYFILE_SEARCH_DELAY_MS);
  const all = useStoryfileOptions();
  const found = useStoryfileOptions({ search: settledSearch });
  const selected = useSelectedStoryfileName(storyfileId);
  const isSearchable = search !== '' || all.data?.isComplete === false;
  const options = (found.data?.items ?? []).map((storyfile) => ({
    value: storyfile.id,
    label: storyfile.name,
  }));
  // The chosen storyfile stays selectable whatever the search shows.
  if (storyfileId !== undefined && !options.some((option) => option.value === storyfileId)) {
    options.unshift({
      value: storyfileId,
      label: selected.name ?? (selected.isPending ? 'Loading…' : 'Another storyfile'),
    });
  }
  return (
    <div className="flex w-full flex-col gap-2 sm:w-64">
      {isSearchable ? (
        <Field label="Find a storyfile" className="w-full">
          {(id) => (
            <input
              id={id}
              type="search"
              className={CONTROL_CLASS}
              placeholder="Words of its name"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          )}
        </Field>
      ) : null}
      <FilterSelect
        label="Storyfile"
        className="w-full"
        allLabel={
          settledSearch !== '' && found.data?.items.length === 0
            ? 'No storyfile has those words'
            : 'All storyfiles'
        }
        value={storyfileId}
        options={options}
        onChange={onChange}
      />
      {found.error ? (
        <p role="alert" className="text-sm text-red-700">
          The storyfile names could not be loaded: {found.error.message}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The question filter: exchanges of one question however it was typed (case, punctuation and
 * contractions aside). Applied with Enter or on leaving the field, not per keystroke.
 */
function TextFilter({
  label,
  placeholder,
  className = 'w-full sm:w-64',
  value: question,
  onChange,
}: {
  label: string;
  placeholder: string;
  className?: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [text, setText] = useState(question ?? '');
  const [shown, setShown] = useState(question);
  // Cleared or set from elsewhere (Clear filters, a dashboard link, Back): show that.
  if (shown !== question) {
    setShown(question);
    setText(question ?? '');
  }
  function apply() {
    const next = text.trim() === '' ? undefined : text.trim();
    if (next !== question) {
      onChange(next);
    }
  }
  return (
    <Field label={label} className={className}>
      {(id) => (
        <input
          id={id}
          type="search"
          className={CONTROL_CLASS}
          placeholder={placeholder}
          maxLength={MAX_ASK_TEXT_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '' && question !== undefined) {
              onChange(undefined);
            }
          }}
          onBlur={apply}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
      )}
    </Field>
  );
}

/** Storyfile, date range, decision, confidence, channel, word search and question filters of the chat log list. */
export function ChatLogFilterBar({
  filters,
  onChange,
  onClear,
}: {
  filters: ChatLogFilters;
  onChange: (changes: Partial<ChatLogFilters>) => void;
  onClear: () => void;
}) {
  const rangeError = getDateRangeError(filters);
  const activeCount = countActiveFilters(filters);

  return (
    <section
      aria-label="Filters"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-end gap-3">
        <StoryfileFilter
          storyfileId={filters.storyfileId}
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
        <TextFilter
          label="Words in the question"
          placeholder={'working lab, or "a phrase"'}
          value={filters.words}
          onChange={(words) => onChange({ words })}
        />
        <TextFilter
          label="Question asked"
          placeholder="The whole question"
          value={filters.question}
          onChange={(question) => onChange({ question })}
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
    </section>
  );
}
