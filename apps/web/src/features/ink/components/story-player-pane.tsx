import { memo, useMemo, useState } from 'react';
import { parseInkTag, type InkOutlineEntry, type InkQuestion } from '@conversa/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { usePlaythrough } from '../hooks/use-playthrough';
import { EMPTY_PLAY_SCRIPT, type PlayScript } from '../utils/playthrough';

function TagBadge({
  tag,
  questions,
}: {
  tag: string;
  questions: ReadonlyMap<string, InkQuestion>;
}) {
  const parsed = parseInkTag(tag);
  let label = `# ${tag}`;
  let tone = 'bg-slate-100 text-slate-700';
  if (parsed?.kind === 'answer') {
    const question = questions.get(parsed.questionId);
    label = question
      ? `▶ ${question.text}${question.isRecorded ? '' : ' (not recorded: text shown)'}`
      : `Unknown question ${parsed.questionId}`;
    tone = question?.isRecorded ? 'bg-brand-50 text-brand-800' : 'bg-amber-50 text-amber-900';
  } else if (parsed?.kind === 'clip') {
    label = `▶ ${parsed.clip} clip`;
    tone = 'bg-brand-50 text-brand-800';
  }
  return (
    <span className={`inline-block max-w-full rounded px-1.5 py-0.5 text-xs break-words ${tone}`}>
      {label}
    </span>
  );
}

/**
 * Play as you write: runs the worker's latest compiled story (in the ink worker), replays the
 * choices taken so far after each recompile, steps back, restarts, plays from any knot, and shows watched variables.
 */
export const StoryPlayerPane = memo(function StoryPlayerPane({
  compiledJson,
  outline,
  variableNames,
  questions,
  initialScript = EMPTY_PLAY_SCRIPT,
  isReadOnly = false,
}: {
  compiledJson: string | null;
  outline: readonly InkOutlineEntry[];
  variableNames: readonly string[];
  questions: readonly InkQuestion[];
  initialScript?: PlayScript;
  isReadOnly?: boolean;
}) {
  const [script, setScript] = useState<PlayScript>(initialScript);
  const [startPath, setStartPath] = useState('');
  const [extraWatch, setExtraWatch] = useState<string[]>([]);
  const [watchInput, setWatchInput] = useState('');
  // The last story that compiled keeps playing while the source has errors.
  const [lastGood, setLastGood] = useState<string | null>(compiledJson);
  if (compiledJson && compiledJson !== lastGood) {
    setLastGood(compiledJson);
  }
  const [shownInitialScript, setShownInitialScript] = useState(initialScript);
  if (initialScript !== shownInitialScript) {
    setShownInitialScript(initialScript);
    setScript(initialScript);
  }
  const questionById = useMemo(() => new Map(questions.map((q) => [q.id, q])), [questions]);
  const watch = useMemo(
    () => [...variableNames, ...extraWatch.filter((name) => !variableNames.includes(name))],
    [variableNames, extraWatch],
  );
  // Played in the ink worker: a large story's replay is a long task, kept off the page's thread.
  const { played, isPlaying } = usePlaythrough(lastGood, script, watch);

  if (lastGood && !played) {
    return <Spinner label="Starting the player" />;
  }
  if (!played) {
    return (
      <p className="text-sm text-slate-600">
        The player starts once the story compiles without errors.
      </p>
    );
  }
  const isStale = compiledJson === null;
  return (
    <section aria-label="Player" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="default" onClick={() => setScript({ ...EMPTY_PLAY_SCRIPT })}>
          Restart
        </Button>
        <Button
          size="sm"
          variant="default"
          disabled={isPlaying || played.replayedChoices.length === 0}
          onClick={() => setScript({ ...script, choices: played.replayedChoices.slice(0, -1) })}
        >
          Step back
        </Button>
      </div>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (startPath) {
            setScript({ startPath, startStateJson: null, choices: [] });
          }
        }}
      >
        <label className="flex min-w-0 flex-col text-sm text-slate-700">
          Play from knot
          <select
            className="mt-1 h-8 max-w-full rounded border border-slate-300 bg-white px-2 text-sm"
            value={startPath}
            onChange={(event) => setStartPath(event.target.value)}
          >
            <option value="">Choose a knot or stitch</option>
            {outline
              .filter((entry) => entry.kind !== 'function')
              .map((entry) => (
                <option key={`${entry.path}:${entry.line}`} value={entry.path}>
                  {entry.path}
                </option>
              ))}
          </select>
        </label>
        <Button size="sm" variant="outline" type="submit" disabled={!startPath}>
          Play from here
        </Button>
      </form>
      {isStale ? (
        <p className="text-xs text-amber-800">
          The source has errors: playing the last version that compiled.
        </p>
      ) : null}
      <ol
        aria-label="Story so far"
        className="flex max-h-[28rem] flex-col gap-2 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
      >
        {played.turns.map((turn, turnIndex) => (
          <li key={turnIndex} className="flex flex-col gap-1">
            {turn.choiceText !== null ? (
              <p className="self-end rounded-lg bg-brand-600 px-2 py-1 text-white">
                {turn.choiceText}
              </p>
            ) : null}
            {turn.lines.map((line, lineIndex) => (
              <p key={lineIndex} className="break-words text-slate-900">
                {line.text}{' '}
                {line.tags.map((tag) => (
                  <TagBadge key={tag} tag={tag} questions={questionById} />
                ))}
              </p>
            ))}
          </li>
        ))}
        {played.errors.map((error) => (
          <li key={error} role="alert" className="text-red-700">
            {error}
          </li>
        ))}
        {played.hasEnded ? <li className="text-slate-500 italic">The end.</li> : null}
      </ol>
      {played.choices.length > 0 ? (
        <ul aria-label="Choices" className="flex flex-col gap-1">
          {played.choices.map((choice) => (
            <li key={choice.index}>
              <Button
                size="sm"
                variant="default_colored"
                className="h-auto min-h-8 w-full justify-start py-1 text-left whitespace-normal"
                disabled={isReadOnly || isPlaying}
                onClick={() =>
                  setScript({ ...script, choices: [...played.replayedChoices, choice.index] })
                }
              >
                {choice.text}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <section aria-label="Watched variables" className="text-sm">
        <h3 className="font-semibold text-slate-800">Variables</h3>
        {played.variables.length === 0 ? (
          <p className="text-slate-600">No variables declared. Add a name to watch one.</p>
        ) : (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {played.variables.map((variable) => (
              <div key={variable.name} className="contents">
                <dt className="font-mono text-slate-700">{variable.name}</dt>
                <dd className="break-words">
                  {variable.value ?? <span className="text-slate-500">not defined</span>}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <form
          className="mt-2 flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            const name = watchInput.trim();
            if (name && !watch.includes(name)) {
              setExtraWatch([...extraWatch, name]);
            }
            setWatchInput('');
          }}
        >
          <label className="sr-only" htmlFor="ink-watch-name">
            Variable to watch
          </label>
          <input
            id="ink-watch-name"
            className="h-8 min-w-0 flex-1 rounded border border-slate-300 px-2"
            placeholder="Variable to watch"
            value={watchInput}
            onChange={(event) => setWatchInput(event.target.value)}
          />
          <Button size="sm" variant="default" type="submit">
            Watch
          </Button>
        </form>
      </section>
    </section>
  );
});
