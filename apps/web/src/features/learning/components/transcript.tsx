import type { TranscriptEntry } from '@conversa/contracts';

/** A transcript: each question, the answer's words and its video, playable. */
export function Transcript({ entries }: { entries: TranscriptEntry[] }) {
  if (entries.length === 0) {
    return <p className="text-sm text-slate-600">No questions asked yet.</p>;
  }
  return (
    <ol className="space-y-3">
      {entries.map((entry) => (
        <li key={entry.id} className="rounded-lg border border-slate-200 p-3">
          <p className="text-sm font-semibold break-words text-slate-900">{entry.questionText}</p>
          <p className="mt-1 text-xs text-slate-600">
            {new Date(entry.createdAt).toLocaleString('en-US')} ·{' '}
            {entry.decision === 'answered'
              ? `Answered: ${entry.answerQuestionText ?? ''}`
              : 'No answer (fallback)'}
          </p>
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
  );
}
