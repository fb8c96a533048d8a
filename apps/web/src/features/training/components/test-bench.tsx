import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useTestBench } from '../api/words';

/**
 * Type a phrase and see what the matcher does with it, step by step: the raw text, the text after
 * the "heard as" rules (spoken questions only), the categories folded, the top 3 answers.
 */
export function TestBench({ storyfileId }: { storyfileId: string }) {
  const ids = { text: useId(), spoken: useId(), heading: useId() };
  const [text, setText] = useState('');
  const [isSpoken, setIsSpoken] = useState(true);
  const bench = useTestBench(storyfileId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    bench.mutate({ text, inputMode: isSpoken ? 'spoken' : 'typed' });
  };
  const result = bench.data;
  return (
    <section
      aria-labelledby={ids.heading}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={ids.heading} className="font-semibold text-slate-900">
        Test bench
      </h2>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={ids.text} className="text-sm font-semibold text-slate-700">
            Phrase
          </label>
          <input
            id={ids.text}
            className="h-9 w-full min-w-48 rounded-lg border border-slate-300 px-2.5 text-sm"
            value={text}
            maxLength={500}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="flex h-9 items-center gap-2">
          <input
            id={ids.spoken}
            type="checkbox"
            className="size-4"
            checked={isSpoken}
            onChange={(event) => setIsSpoken(event.target.checked)}
          />
          <label htmlFor={ids.spoken} className="text-sm text-slate-700">
            As if spoken
          </label>
        </div>
        <Button type="submit" variant="primary" isLoading={bench.isPending}>
          Try it
        </Button>
      </form>
      {bench.error ? <Alert kind="error">{bench.error.message}</Alert> : null}
      {result ? (
        <ol className="space-y-2 text-sm" aria-live="polite">
          <li>
            <span className="font-semibold">1. Raw text:</span>{' '}
            <span className="break-words">{result.raw || '(empty)'}</span>
          </li>
          <li>
            <span className="font-semibold">2. After replacement rules:</span>{' '}
            <span className="break-words">{result.afterReplacements || '(empty)'}</span>
            {result.replacements.length === 0 ? (
              <span className="text-slate-500"> (no rule applied)</span>
            ) : (
              <span className="text-slate-600">
                {' '}
                (
                {result.replacements
                  .map((rule) => `“${rule.heardAs}” → “${rule.replacement}”`)
                  .join(', ')}
                )
              </span>
            )}
          </li>
          <li>
            <span className="font-semibold">3. Categories folded:</span>{' '}
            {result.categoriesFolded.length === 0
              ? 'none'
              : result.categoriesFolded
                  .map((folded) => `${folded.phrase} → ${folded.category}`)
                  .join(', ')}
          </li>
          <li>
            <span className="font-semibold">
              4. Top answers ({result.decision === 'answer' ? 'answered' : 'falls back'}, threshold{' '}
              {result.threshold.toFixed(2)}):
            </span>
            {result.candidates.length === 0 ? (
              ' none'
            ) : (
              <ol className="mt-1 list-decimal space-y-1 pl-5">
                {result.candidates.map((candidate) => (
                  <li key={candidate.questionId} className="break-words">
                    {candidate.questionText}{' '}
                    <span className="text-slate-600 tabular-nums">
                      {candidate.score.toFixed(2)}
                    </span>
                    {candidate.isRecorded ? null : (
                      <span className="text-amber-800"> (not recorded)</span>
                    )}
                    {candidate.matchedTerms.length === 0 ? null : (
                      <span className="text-slate-600">
                        {' '}
                        · matched: {candidate.matchedTerms.join(', ')}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            )}
          </li>
        </ol>
      ) : null}
    </section>
  );
}
