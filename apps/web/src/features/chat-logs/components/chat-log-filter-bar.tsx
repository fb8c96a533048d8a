import {
  CHAT_CHANNEL_LABELS,
  CHAT_CHANNELS,
  CHAT_OUTCOMES,
  CONFIDENCE_CLASSES,
  CONFIDENCE_LABELS,
  OUTCOME_LABELS,
} from '@conversa/contracts';
import { X } from 'lucide-react';
import type { Ref } from 'react';
import { Button } from '@/components/ui/button';
import {
  countActiveFilters,
  getDateRangeError,
  type ChatLogFilters,
} from '../utils/chat-log-filters';
import { DayInput } from './day-input';
import { FilterSelect } from '@/components/ui/filter-select';
import { StoryfileFilter } from './storyfile-filter';
import { TextFilter } from './text-filter';

const DECISION_OPTIONS = CHAT_OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] }));
const CONFIDENCE_OPTIONS = CONFIDENCE_CLASSES.map((value) => ({
  value,
  label: CONFIDENCE_LABELS[value],
}));
const CHANNEL_OPTIONS = CHAT_CHANNELS.map((value) => ({
  value,
  label: CHAT_CHANNEL_LABELS[value],
}));

/** The word search over the questions (a trigram index on the server). */
export const WORDS_FILTER_LABEL = 'Words in the question';

/** Storyfile, date range, decision, confidence, channel, word searches (of the question and of what the answer said) and question filters of the chat log list. */
export function ChatLogFilterBar({
  filters,
  onChange,
  onClear,
  wordsRef,
}: {
  filters: ChatLogFilters;
  onChange: (changes: Partial<ChatLogFilters>) => void;
  onClear: () => void;
  /** The question's word search, which the page's note hands focus to. */
  wordsRef?: Ref<HTMLInputElement>;
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
          label={WORDS_FILTER_LABEL}
          placeholder={'working lab, or "a phrase"'}
          value={filters.words}
          onChange={(words) => onChange({ words })}
          inputRef={wordsRef}
        />
        <TextFilter
          label="Said in the answer"
          placeholder={'Lagos, or "a phrase"'}
          value={filters.said}
          onChange={(said) => onChange({ said })}
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
