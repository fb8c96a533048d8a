import {
  AUTOMATIC_TRANSCRIPT_LABEL,
  IN_REVIEW_TEXT,
  NO_SPEECH_TEXT,
  type PublicTranscript,
} from '@conversa/contracts';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { usePublicTranscript } from '../api/get-public-transcript';

/** The label of words a machine wrote and no author checked (the storyfile publishes drafts). */
function AutomaticLabel() {
  return (
    <span className="mr-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 not-italic">
      {AUTOMATIC_TRANSCRIPT_LABEL}
    </span>
  );
}

/** What one answer says on the page: its words, or why there are none to read. */
function AnswerWords({ entry }: { entry: PublicTranscript['entries'][number] }) {
  if (entry.words === 'no-speech' || (entry.text === '' && entry.words !== 'in-review')) {
    return <span className="text-slate-600 italic">{NO_SPEECH_TEXT}</span>;
  }
  if (entry.words === 'in-review') {
    return <span className="text-slate-600 italic">{IN_REVIEW_TEXT}</span>;
  }
  return (
    <>
      {entry.words === 'automatic' ? <AutomaticLabel /> : null}
      {entry.text}
    </>
  );
}

/**
 * `/s/{slug}/transcript`: every recorded question of a published storyfile with what was said, as
 * plain text (WCAG 2.2 SC 1.2.8, technique G203): for screen readers, and for people who cannot
 * play the video or hear its sound. Questions are headings under their topics, so a screen reader
 * moves from one to the next.
 */
export function PublicTranscriptScreen({ slug }: { slug: string }) {
  const transcript = usePublicTranscript(slug);
  const playerPath = `/s/${encodeURIComponent(slug)}`;
  if (transcript.isPending) {
    return (
      <main className="mx-auto max-w-3xl px-4 py-10">
        <p className="flex items-center gap-2 text-slate-600" role="status">
          <Spinner /> Loading the transcript…
        </p>
      </main>
    );
  }
  if (transcript.isError) {
    const isMissing = transcript.error instanceof ApiError && transcript.error.status === 404;
    return (
      <main className="mx-auto max-w-3xl space-y-3 px-4 py-10">
        <h1 className="text-xl font-semibold text-slate-900">
          {isMissing ? 'Not available' : 'The transcript could not be loaded'}
        </h1>
        {isMissing ? (
          <p className="text-slate-600">This storyfile is not published, or its link changed.</p>
        ) : (
          <>
            <Alert kind="error">{transcript.error.message}</Alert>
            <Button size="sm" onClick={() => void transcript.refetch()}>
              Try again
            </Button>
          </>
        )}
      </main>
    );
  }
  const { name, language, introduction, isIntroductionAutomatic, entries } = transcript.data;
  const topics: { topic: string; entries: typeof entries }[] = [];
  for (const entry of entries) {
    const last = topics.at(-1);
    if (last?.topic === entry.topic) {
      last.entries.push(entry);
    } else {
      topics.push({ topic: entry.topic, entries: [entry] });
    }
  }
  return (
    <main className="mx-auto max-w-3xl px-4 py-10" lang={language}>
      <p>
        <Link to={playerPath} className="font-medium text-brand-700 hover:underline">
          ← Talk with {name}
        </Link>
      </p>
      <h1 className="mt-4 text-3xl font-bold tracking-tight break-words text-slate-900">
        {name}: transcript
      </h1>
      <p className="mt-2 text-slate-600">
        Every question {name} answered, with what was said. The words were written from the
        recordings and checked by the storyfile&apos;s authors; words marked automatic were written
        by a machine and may have mistakes.
      </p>
      {introduction ? (
        <section className="mt-8" aria-labelledby="transcript-introduction">
          <h2 id="transcript-introduction" className="text-xl font-semibold text-slate-900">
            Introduction
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-800">
            {isIntroductionAutomatic ? <AutomaticLabel /> : null}
            {introduction}
          </p>
        </section>
      ) : null}
      {entries.length === 0 ? (
        <p className="mt-8 text-slate-600">No answer has been recorded yet.</p>
      ) : (
        topics.map(({ topic, entries: topicEntries }, index) => (
          <section key={`${topic}-${index}`} className="mt-8" aria-label={topic}>
            <h2 className="text-xl font-semibold break-words text-slate-900">{topic}</h2>
            <dl className="mt-3 space-y-5">
              {topicEntries.map((entry) => (
                <div key={entry.questionId}>
                  <dt>
                    <h3 className="font-semibold break-words text-slate-900">{entry.question}</h3>
                  </dt>
                  <dd className="mt-1 whitespace-pre-line text-slate-800">
                    <AnswerWords entry={entry} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))
      )}
    </main>
  );
}
