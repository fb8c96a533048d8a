import { useId } from 'react';
import type { TranscriptEntry } from '@conversa/contracts';
import { AnswerRating } from '@/components/answer-rating';
import { formatCount, formatUsMediumDateTime } from '@/lib/format';
import { groupTranscriptByAttempt, type Attempt } from '../utils/attempts';

function AttemptItem({ attempt, number }: { attempt: Attempt; number: number }) {
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
            {entry.feedback === null ? null : (
              <p className="mt-1">
                <AnswerRating feedback={entry.feedback} />
              </p>
            )}
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
 * with which storyfile), each question with the answer's words and its video, playable.
 */
export function Transcript({ entries }: { entries: TranscriptEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">No questions asked yet.</p>;
  }
  const attempts = groupTranscriptByAttempt(entries);
  return (
    <ol aria-label="Attempts" className="space-y-5">
      {attempts.map((attempt, index) => (
        <AttemptItem key={attempt.conversationId} attempt={attempt} number={index + 1} />
      ))}
    </ol>
  );
}
