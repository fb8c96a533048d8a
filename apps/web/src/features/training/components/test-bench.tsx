import { useId, useState, type FormEvent } from 'react';
import type { InputMode } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { SpeechButton } from '@/components/speech-button';
import { Button } from '@/components/ui/button';
import { useSpeechRecognition } from '@/hooks/use-speech-recognition';
import { useStoryfileOptions } from '@/entities/storyfile';
import { useSpeechHints, useTestBench } from '../api/words';

/** Said when the recognizer heard speech but could not make words of it. */
export const NOTHING_UNDERSTOOD_MESSAGE = 'No words were understood. Say the phrase again.';

/** The recognizer's language: the storyfile's, else the browser's. */
function useBenchLanguage(storyfileId: string): string {
  const storyfiles = useStoryfileOptions();
  return (
    storyfiles.data?.items.find((option) => option.id === storyfileId)?.language ??
    (typeof navigator === 'undefined' ? 'en-US' : navigator.language)
  );
}

/**
 * Type or say a phrase and see what the matcher does with it, step by step: the raw text, the
 * text after the "heard as" rules (spoken questions only), the categories folded, the top 3
 * answers. A said phrase goes through the same recognizer, with the same hints, as the player's
 * microphone, and is tried as spoken.
 */
export function TestBench({ storyfileId }: { storyfileId: string }) {
  const ids = { text: useId(), spoken: useId(), heading: useId() };
  const [text, setText] = useState('');
  const [isSpoken, setIsSpoken] = useState(true);
  const [speechProblem, setSpeechProblem] = useState<string | null>(null);
  const bench = useTestBench(storyfileId);
  const speech = useSpeechRecognition({
    language: useBenchLanguage(storyfileId),
    hints: useSpeechHints(storyfileId),
    onHeard: (heard) => {
      if (heard === '') {
        setSpeechProblem(NOTHING_UNDERSTOOD_MESSAGE);
        return;
      }
      setText(heard);
      setIsSpoken(true);
      run(heard, 'spoken');
    },
    onProblem: setSpeechProblem,
  });
  function run(phrase: string, inputMode: InputMode) {
    setSpeechProblem(null);
    bench.mutate({ text: phrase, inputMode });
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run(text, isSpoken ? 'spoken' : 'typed');
  };
  const result = bench.data;
  const resultMode = bench.variables?.inputMode;
  return (
    <section
      aria-labelledby={ids.heading}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={ids.heading} className="font-semibold text-slate-900">
        Test bench
      </h2>
      <p className="text-sm text-slate-600">
        {speech.isSupported
          ? 'Type a phrase, or say it with the microphone, and see how this storyfile matches it.'
          : 'Type a phrase and see how this storyfile matches it.'}
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        {/* The field, not only its input, keeps 12 rem, so the buttons wrap below it on a phone. */}
        <div className="flex min-w-48 flex-1 flex-col gap-1">
          <label htmlFor={ids.text} className="text-sm font-semibold text-slate-700">
            Phrase
          </label>
          <input
            id={ids.text}
            className="h-9 w-full rounded-lg border border-slate-300 px-2.5 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            value={text}
            maxLength={500}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <SpeechButton speech={speech} label="Say a phrase" disabled={bench.isPending} />
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
      {speech.isListening ? (
        <p role="status" className="text-sm text-brand-700">
          Listening… say the phrase.
        </p>
      ) : null}
      {speechProblem ? (
        <p role="alert" className="text-sm text-amber-800">
          {speechProblem}
        </p>
      ) : null}
      {bench.error ? <Alert kind="error">{bench.error.message}</Alert> : null}
      {result ? (
        <ol className="space-y-2 text-sm" aria-live="polite" aria-label="Test bench result">
          <li>
            <span className="font-semibold">
              1. Raw text ({resultMode === 'typed' ? 'typed' : 'spoken'}):
            </span>{' '}
            <span className="break-words">{result.raw || '(empty)'}</span>
          </li>
          <li>
            <span className="font-semibold">2. After replacement rules:</span>{' '}
            <span className="break-words">{result.afterReplacements || '(empty)'}</span>
            {result.replacements.length === 0 ? (
              <span className="text-slate-600">
                {resultMode === 'typed'
                  ? ' (rules apply to spoken questions only)'
                  : ' (no rule applied)'}
              </span>
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
              <ol className="mt-1 list-decimal space-y-1 pl-5" aria-label="Top answers">
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
