import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { CLARIFICATION_HEADINGS, type AskSuggestion } from '@conversa/contracts';
import { cn } from '@/components/ui/cn';
import type { PlayerOffer } from '../utils/player-machine';

type Choose = (exchangeId: string, suggestion: AskSuggestion) => void;

/** The label over the offered topics' buttons. */
export const TOPICS_LABEL = 'Topics: press one for its questions';

/** The heading over a pressed topic's recorded questions. */
export function describeTopicQuestions(topicName: string): string {
  return `Questions about ${topicName}`;
}

/**
 * What the storyfile asks back with: "Did you mean…?" and up to 3 recorded questions, or (after
 * two fallbacks in a row) its topics and conversation starters. The region is always in the page
 * and polite-live, so a screen reader announces an offer when it appears; each question is a real
 * button that plays its answer. Each topic is a button too (issue 68 item 4): pressing it shows
 * that topic's recorded questions, and focus moves to the first of them.
 */
export function ClarificationOffer({
  offer,
  isDisabled,
  onChoose,
}: {
  offer: PlayerOffer | null;
  isDisabled: boolean;
  onChoose: Choose;
}) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {/* Keyed by the exchange: a new offer starts with every topic closed. */}
      {offer ? (
        <OfferCard
          key={offer.exchangeId}
          offer={offer}
          isDisabled={isDisabled}
          onChoose={onChoose}
        />
      ) : null}
    </div>
  );
}

function OfferCard({
  offer,
  isDisabled,
  onChoose,
}: {
  offer: PlayerOffer;
  isDisabled: boolean;
  onChoose: Choose;
}) {
  const ids = { heading: useId(), topics: useId(), panel: useId(), panelHeading: useId() };
  const [openTopicId, setOpenTopicId] = useState<string | null>(null);
  const firstQuestionRef = useRef<HTMLButtonElement>(null);
  const openTopic = offer.topics.find((topic) => topic.topicId === openTopicId) ?? null;

  useEffect(() => {
    if (openTopicId !== null) {
      firstQuestionRef.current?.focus();
    }
  }, [openTopicId]);

  return (
    <section
      aria-labelledby={ids.heading}
      className="rounded-xl border border-brand-200 bg-brand-50/60 p-3"
    >
      <h3 id={ids.heading} className="text-sm font-semibold text-slate-800">
        {CLARIFICATION_HEADINGS[offer.kind]}
      </h3>
      {offer.topics.length > 0 ? (
        <div className="mt-2">
          <p id={ids.topics} className="text-sm text-slate-700">
            {TOPICS_LABEL}
          </p>
          <ul aria-labelledby={ids.topics} className="mt-1 flex flex-wrap gap-2">
            {offer.topics.map((topic) => {
              const isOpen = topic.topicId === openTopicId;
              return (
                <li key={topic.topicId} className="max-w-full">
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    {...(isOpen ? { 'aria-controls': ids.panel } : {})}
                    onClick={() => setOpenTopicId(isOpen ? null : topic.topicId)}
                    className={cn(
                      'inline-flex max-w-full items-center gap-1 rounded-lg border px-3 py-1.5 text-left text-sm font-medium break-words focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
                      isOpen
                        ? 'border-brand-500 bg-brand-100 text-brand-900'
                        : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
                    )}
                  >
                    {topic.name}
                    <ChevronDown
                      className={cn('size-4 shrink-0', isOpen && 'rotate-180')}
                      aria-hidden="true"
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      {openTopic ? (
        // Not announced again as the offer is: focus moves to its first question instead.
        <div id={ids.panel} aria-live="off" className="mt-2 border-l-2 border-brand-300 pl-3">
          <h4 id={ids.panelHeading} className="text-sm font-semibold text-slate-800">
            {describeTopicQuestions(openTopic.name)}
          </h4>
          <SuggestionButtons
            labelledBy={ids.panelHeading}
            suggestions={openTopic.suggestions}
            isDisabled={isDisabled}
            onChoose={(suggestion) => onChoose(offer.exchangeId, suggestion)}
            firstRef={firstQuestionRef}
          />
        </div>
      ) : null}
      {offer.suggestions.length > 0 ? (
        <SuggestionButtons
          labelledBy={ids.heading}
          suggestions={offer.suggestions}
          isDisabled={isDisabled}
          onChoose={(suggestion) => onChoose(offer.exchangeId, suggestion)}
        />
      ) : null}
    </section>
  );
}

function SuggestionButtons({
  labelledBy,
  suggestions,
  isDisabled,
  onChoose,
  firstRef,
}: {
  labelledBy: string;
  suggestions: AskSuggestion[];
  isDisabled: boolean;
  onChoose: (suggestion: AskSuggestion) => void;
  firstRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="mt-2 flex flex-wrap gap-2">
      {suggestions.map((suggestion, index) => (
        <li key={suggestion.questionId} className="max-w-full">
          <button
            ref={index === 0 ? firstRef : undefined}
            type="button"
            disabled={isDisabled}
            onClick={() => onChoose(suggestion)}
            className="max-w-full rounded-full border border-brand-300 bg-white px-3 py-1.5 text-left text-sm font-medium break-words text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
          >
            {suggestion.questionText}
          </button>
        </li>
      ))}
    </ul>
  );
}
