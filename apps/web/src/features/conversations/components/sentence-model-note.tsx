import type { MatchingSettings } from '@conversa/contracts';

/**
 * How Matching settings say questions are matched now (issue 64): by words and meaning with the
 * studio's sentence model, or by words alone while this script's vectors are made (after a change
 * of model the studio makes them for every storyfile, and says how far it is), when the model
 * failed, or when none is configured. Read again every few seconds while vectors are being made
 * (`useMatchingSettings`), so the count moves and the line changes once meaning takes part.
 */
export function SentenceModelNote({ scoring }: { scoring: MatchingSettings['scoring'] }) {
  return (
    <div className="space-y-1 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">How questions are matched</h3>
      <p
        className="text-sm break-words text-slate-600"
        // Announced when it changes: "by their words and their meaning" once the vectors are made.
        aria-live="polite"
      >
        {scoring.message}
      </p>
    </div>
  );
}
