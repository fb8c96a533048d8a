import { MAX_ASK_TEXT_LENGTH, type StoryfileDetail } from '@conversa/contracts';
import { useDeferredValue, useId, useState } from 'react';
import { CONTROL_CLASS, Field } from '@/components/ui/field';
import { useStoryfileTranscripts } from '../api/list-storyfile-transcripts';
import { searchScript, type ExcerptPart } from '../utils/script-search';
import { formatCount } from '@/lib/format';

function Excerpt({ parts }: { parts: ExcerptPart[] }) {
  return (
    <p className="mt-1 text-sm text-slate-600">
      <span className="font-medium text-slate-700">Said in the answer: </span>
      {parts.map((part, index) =>
        part.found ? (
          <mark key={index} className="rounded bg-amber-100 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}

/**
 * The script's search (issue 41, item 5): every word or "quoted phrase" must appear (spec §5) in
 * a question, one of its alternates, or what its answer says; a question found by its answer
 * shows the words said around them, marked. The checklist below stays whole for dragging.
 */
export function ScriptSearch({ storyfile }: { storyfile: StoryfileDetail }) {
  const [text, setText] = useState('');
  const query = useDeferredValue(text.trim());
  const transcripts = useStoryfileTranscripts(storyfile.id, query !== '');
  const results = searchScript(storyfile.topics, transcripts.data?.transcripts ?? [], query);
  const listId = useId();

  let status = '';
  if (query !== '') {
    const count =
      results.length === 0
        ? 'No question matches'
        : formatCount(results.length, 'question matches', 'questions match');
    if (transcripts.isPending) {
      status = `${count} so far; looking in what the answers say…`;
    } else if (transcripts.isError) {
      status = `${count}. What the answers say could not be searched: ${transcripts.error.message}`;
    } else {
      status = `${count} in the questions and what their answers say.`;
    }
  }

  return (
    <section aria-label="Script search" className="mb-4 space-y-2">
      <Field label="Search the script" className="w-full max-w-xl">
        {(id) => (
          <input
            id={id}
            type="search"
            className={CONTROL_CLASS}
            placeholder={'Words of a question or its answer, or "a phrase"'}
            maxLength={MAX_ASK_TEXT_LENGTH}
            value={text}
            aria-controls={listId}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                setText('');
              }
            }}
          />
        )}
      </Field>
      <p role="status" className="text-sm text-slate-600">
        {status}
      </p>
      <ul id={listId} aria-label="Questions found" className="space-y-2">
        {results.map((result) => (
          <li
            key={result.questionId}
            className="rounded-lg border border-slate-200 bg-white px-3 py-2 shadow-sm"
          >
            <p className="text-sm font-medium text-slate-900">{result.questionText}</p>
            <p className="text-xs text-slate-500">{result.topicName}</p>
            {result.excerpt === null ? null : <Excerpt parts={result.excerpt} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
