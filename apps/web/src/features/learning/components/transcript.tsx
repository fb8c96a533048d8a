import { useId } from 'react';
import type { ExchangeFeedback, TranscriptEntry } from '@conversa/contracts';
import { AnswerRating } from '@/components/answer-rating';
import { RatingButtons } from '@/components/rating-buttons';
import { formatCount, formatUsMediumDateTime } from '@/lib/format';
import { groupTranscriptByAttempt, type Attempt } from '../utils/attempts';

/** The student's thumbs on an answer of their attempt; unset where the teacher reads it. */
type RateAnswer = (exchangeId: string, feedback: ExchangeFeedback) => Promise<unknown>;

function AttemptItem({
  attempt,
  number,
  rate,
}: {
  attempt: Attempt;
  number: number;
  rate: RateAnswer | undefined;
}) {
  const headingId = useId();
  const count = attempt.entries.length;
  return (
    <li className="space-y-2">
      <div>
        <h4 id={headingId} className="text-sm font-semibold break-words text-slate-900">
          Attempt {number}: {attempt.storyfileName}
        </h4>
        <p className="text-xs text-slate-600">
          Started {formatUsMediumDateTime(attempt.startedAt)} · {formatCount(count, 'question')}
        </p>
      </div>
      <ol aria-labelledby={headingId} className="space-y-3">
        {attempt.entries.map((entry) => (
          <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
            <p className="text-sm font-semibold break-words text-slate-900">{entry.questionText}</p>
            <p className="mt-1 text-xs break-words text-slate-600">
              {formatUsMediumDateTime(entry.createdAt)} ·{' '}
              {entry.decision === 'answered'
                ? `Answered: ${entry.answerQuestionText ?? ''}`
                : 'No answer (fallback)'}
            </p>
            {entry.feedback !== null ? (
              <p className="mt-1">
                <AnswerRating feedback={entry.feedback} />
              </p>
            ) : rate ? (
              <RatingButtons exchangeId={entry.id} rate={rate} />
            ) : null}
            {entry.media === null ? null : (
              <video
                className="mt-2 aspect-video w-full max-w-sm rounded-md bg-black"
                src={entry.media.url}
                poster={entry.media.posterUrl || undefined}
                controls
                preload="none"
                aria-label={`Answer to: ${entry.questionText}`}
              />
            )}
          </li>
        ))}
      </ol>
    </li>
  );
}

/**
 * A student's transcript in an activity, attempt by attempt (each conversation: when it began,
 * with which storyfile), each question with the answer's words and its video, playable. With
 * `rate` (the student's own attempts) an answer not yet rated offers its thumbs: one asked
 * without rating, the page since reloaded, is rated here (issue 68, item 11).
 */
export function Transcript({ entries, rate }: { entries: TranscriptEntry[]; rate?: RateAnswer }) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">No questions asked yet.</p>;
  }
  const attempts = groupTranscriptByAttempt(entries);
  return (
    <ol aria-label="Attempts" className="space-y-5">
      {attempts.map((attempt, index) => (
        <AttemptItem
          key={attempt.conversationId}
          attempt={attempt}
          number={index + 1}
          rate={rate}
        />
      ))}
    </ol>
  );
}
