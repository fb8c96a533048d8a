import type { MatchingSettings } from '@conversa/contracts';
import { formatCount, formatUsMediumDateTime } from '@/lib/format';

/**
 * What the storyfile's visitors asked, as Matching settings tell it (issue 50): whether the matcher
 * weighs words and answers by their questions yet, how many, since when; or how many more it waits
 * for. Nothing to set: it follows the chat log.
 */
export function VisitorLogNote({ log }: { log: MatchingSettings['visitorLog'] }) {
  const taken = log.takenAt === null ? '' : ` (taken ${formatUsMediumDateTime(log.takenAt)})`;
  return (
    <div className="space-y-1 border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">What visitors ask</h3>
      <p className="text-sm text-slate-600">
        {log.inForce > 0
          ? `Learning from ${formatCount(log.inForce, 'question')} visitors asked${taken}: words ` +
            'most of them use count less, and an answer close to everything they ask no longer ' +
            'wins on that alone.'
          : `Visitors have asked ${formatCount(log.asked, 'different question')}. From ` +
            `${formatCount(log.minimum, 'question')} on, matching learns from them which words ` +
            'tell answers apart; the test chat here does not count.'}
      </p>
    </div>
  );
}
