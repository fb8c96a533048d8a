import { useId } from 'react';
import { CLARIFICATION_HEADINGS, type AskSuggestion } from '@conversa/contracts';
import type { PlayerOffer } from '../utils/player-machine';

/**
 * What the storyfile asks back with: "Did you mean…?" and up to 3 recorded questions, or (after
 * two fallbacks in a row) its topics and conversation starters. The region is always in the page
 * and polite-live, so a screen reader announces an offer when it appears; each question is a real
 * button that plays its answer.
 */
export function ClarificationOffer({
  offer,
  isDisabled,
  onChoose,
}: {
  offer: PlayerOffer | null;
  isDisabled: boolean;
  onChoose: (exchangeId: string, suggestion: AskSuggestion) => void;
}) {
  const headingId = useId();
  return (
    <div aria-live="polite" aria-atomic="true">
      {offer ? (
        <section
          aria-labelledby={headingId}
          className="rounded-xl border border-brand-200 bg-brand-50/60 p-3"
        >
          <h3 id={headingId} className="text-sm font-semibold text-slate-800">
            {CLARIFICATION_HEADINGS[offer.kind]}
          </h3>
          {offer.topics.length > 0 ? (
            <p className="mt-1 text-sm break-words text-slate-700">
              Topics: {offer.topics.map((topic) => topic.name).join(', ')}
            </p>
          ) : null}
          {offer.suggestions.length > 0 ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {offer.suggestions.map((suggestion) => (
                <li key={suggestion.questionId} className="max-w-full">
                  <button
                    type="button"
                    disabled={isDisabled}
                    onClick={() => onChoose(offer.exchangeId, suggestion)}
                    className="max-w-full rounded-full border border-brand-300 bg-white px-3 py-1.5 text-left text-sm font-medium break-words text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    {suggestion.questionText}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
