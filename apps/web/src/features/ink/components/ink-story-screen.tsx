import { memo, useCallback, useMemo, useRef, useState } from 'react';
import {
  INK_CLIP_TAG_NAMES,
  countInkStats,
  findInkOutline,
  type InkCompileMessage,
  type InkOutlineEntry,
  type InkStory,
} from '@conversa/contracts';
import { findInkVariableNames } from '@conversa/contracts/ink/run-ink';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useInkStory } from '../api/get-ink-story';
import { useInkState } from '../api/ink-states';
import { usePublishInkVersion, useUnpublishInkStory } from '../api/publish-ink-version';
import { useRestoreInkVersion } from '../api/restore-ink-version';
import { useSaveInkVersion } from '../api/save-ink-version';
import { useInkCompiler } from '../hooks/use-ink-compiler';
import { EMPTY_PLAY_SCRIPT, type PlayScript } from '../utils/playthrough';
import { InkCodeEditor, type InkCodeEditorHandle } from './ink-code-editor';
import { StoryPlayerPane } from './story-player-pane';
import { StoryfilePicker } from './storyfile-picker';

export const NEW_STORY_TEMPLATE = `// Tags on a line play a video of this storyfile:
//   # answer: <question id>   (type "# answer:" and pick a question)
//   # clip: intro | idle | cannot-answer | please-repeat
Hello! # clip: intro
What would you like to hear about?
* [Your childhood] -> childhood
* [Your career] -> career

== childhood
TODO: name the answer that tells about childhood
-> END

== career
-> END
`;

const SEVERITY_LABEL: Record<InkCompileMessage['severity'], string> = {
  error: 'Error',
  warning: 'Warning',
  todo: 'TODO',
};
const SEVERITY_TONE: Record<InkCompileMessage['severity'], string> = {
  error: 'text-red-700',
  warning: 'text-amber-800',
  todo: 'text-sky-800',
};

const MessageList = memo(function MessageList({
  messages,
  onGoToLine,
}: {
  messages: readonly InkCompileMessage[];
  onGoToLine: (line: number) => void;
}) {
  if (messages.length === 0) {
    return <p className="text-sm text-green-800">No errors, warnings or TODOs.</p>;
  }
  return (
    <ul aria-label="Compiler messages" className="flex flex-col gap-1 text-sm">
      {messages.map((message, index) => {
        const text = (
          <>
            <span className={`font-semibold ${SEVERITY_TONE[message.severity]}`}>
              {SEVERITY_LABEL[message.severity]}
            </span>{' '}
            {message.line === null ? '(no line)' : `line ${message.line}`}: {message.message}
          </>
        );
        return (
          <li key={index} className="break-words">
            {message.line === null ? (
              <span>{text}</span>
            ) : (
              <button
                type="button"
                className="text-left hover:underline focus-visible:underline"
                onClick={() => onGoToLine(message.line!)}
              >
                {text}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
});

function TagGrammarHelp() {
  return (
    <details className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
      <summary className="cursor-pointer font-semibold text-slate-800">Clip tags</summary>
      <p className="mt-2">
        A tag at the end of a line plays a video of the storyfile with that line:
      </p>
      <ul className="mt-1 list-disc pl-5">
        <li>
          <code># answer: &lt;question id&gt;</code>: the recorded answer of a checklist question.
          Type <code># answer:</code> and pick the question from the list. An unknown question is an
          error; a question without a recorded answer is a warning, and the player shows its text
          instead.
        </li>
        <li>
          <code># clip: {INK_CLIP_TAG_NAMES.join(' | ')}</code>: one of the storyfile&apos;s clips.
        </li>
        <li>Other tags are yours; a line with several clip tags plays the last.</li>
      </ul>
      <p className="mt-1">
        Published, the story drives conversations: its choices are the suggested questions, and what
        a visitor asks is matched against them first.
      </p>
    </details>
  );
}

function VersionHistory({
  story,
  onRestore,
  onPublish,
  busyNumber,
}: {
  story: InkStory;
  onRestore: (number: number) => void;
  onPublish: (number: number) => void;
  busyNumber: number | null;
}) {
  if (story.versions.length === 0) {
    return <p className="text-sm text-slate-600">No version saved yet.</p>;
  }
  return (
    <ol aria-label="Versions" className="flex flex-col gap-2 text-sm">
      {story.versions.map((version) => (
        <li
          key={version.id}
          className="flex flex-wrap items-center gap-2 rounded border border-slate-200 px-2 py-1"
        >
          <span className="font-semibold">Version {version.number}</span>
          {version.isPublished ? (
            <span className="rounded bg-green-100 px-1.5 text-xs text-green-800">Published</span>
          ) : null}
          <span className="text-slate-600">
            {new Date(version.createdAt).toLocaleString('en-US')}
            {version.createdByName ? ` · ${version.createdByName}` : ''}
            {version.restoredFromNumber ? ` · restored from ${version.restoredFromNumber}` : ''}
          </span>
          <span className={version.hasErrors ? 'text-red-700' : 'text-slate-600'}>
            {version.errorCount} errors, {version.warningCount} warnings
          </span>
          <span className="ml-auto flex gap-1">
            <Button
              size="sm"
              variant="text"
              isLoading={busyNumber === version.number}
              onClick={() => onRestore(version.number)}
            >
              Restore
            </Button>
            {!version.hasErrors && !version.isPublished ? (
              <Button size="sm" variant="text" onClick={() => onPublish(version.number)}>
                Publish
              </Button>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The knots, stitches and functions of the source, each a button to its line. */
const OutlineNav = memo(function OutlineNav({
  outline,
  onGoToLine,
}: {
  outline: readonly InkOutlineEntry[];
  onGoToLine: (line: number) => void;
}) {
  return (
    <nav aria-label="Outline" className="order-2 min-w-0 lg:order-1">
      <h2 className="text-sm font-semibold text-slate-800">Outline</h2>
      {outline.length === 0 ? (
        <p className="text-sm text-slate-600">No knots yet: start one with == name ==.</p>
      ) : (
        <ul className="mt-1 flex flex-col text-sm">
          {outline.map((entry) => (
            <li
              key={`${entry.path}:${entry.line}`}
              className={entry.kind === 'stitch' ? 'pl-3' : ''}
            >
              <button
                type="button"
                className="max-w-full truncate text-left text-brand-700 hover:underline"
                onClick={() => onGoToLine(entry.line)}
              >
                {entry.kind === 'function' ? `${entry.name}()` : entry.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
});

function StoryEditor({ story, initialScript }: { story: InkStory; initialScript: PlayScript }) {
  const { showToast } = useToast();
  const editorRef = useRef<InkCodeEditorHandle>(null);
  const savedSource = story.latest?.source ?? NEW_STORY_TEMPLATE;
  // The source as the editor last handed it over (once typing paused): a keystroke changes no
  // React state but `hasPendingEdit`, once, so the page is not rendered again per key.
  const [source, setSource] = useState(savedSource);
  const [hasPendingEdit, setHasPendingEdit] = useState(false);
  const onEditorEdit = useCallback(() => setHasPendingEdit(true), []);
  const onEditorChange = useCallback((value: string) => {
    setSource(value);
    setHasPendingEdit(false);
  }, []);
  const [editorKey, setEditorKey] = useState(0);
  const [confirmRestore, setConfirmRestore] = useState<number | null>(null);
  const save = useSaveInkVersion(story.storyfileId);
  const restore = useRestoreInkVersion(story.storyfileId);
  const publish = usePublishInkVersion(story.storyfileId);
  const unpublish = useUnpublishInkStory(story.storyfileId);
  const questions = useMemo(
    () => story.questions.map(({ id, text, isRecorded }) => ({ id, text, isRecorded })),
    [story.questions],
  );
  const compile = useInkCompiler(source, questions);
  // Outline, statistics and watched names read the whole source: the worker reads them with each
  // compile, never the page per keystroke (a 100 KB story took seconds a key when they were read
  // here and the player replayed the story for each new list of names).
  const savedReading = useMemo(
    () => ({
      outline: findInkOutline(savedSource),
      stats: countInkStats(savedSource),
      variableNames: findInkVariableNames(savedSource),
    }),
    [savedSource],
  );
  const outline = compile.result?.outline ?? savedReading.outline;
  const stats = compile.result?.stats ?? savedReading.stats;
  const variableNamesKey = (compile.result?.variableNames ?? savedReading.variableNames).join('\n');
  const variableNames = useMemo(
    () => (variableNamesKey === '' ? [] : variableNamesKey.split('\n')),
    [variableNamesKey],
  );
  const messages = compile.result?.messages ?? story.latest?.messages ?? [];
  const isDirty = hasPendingEdit || source !== savedSource || !story.latest;
  const isCompiling = hasPendingEdit || compile.isCompiling;
  const goToLine = useCallback((line: number) => editorRef.current?.goToLine(line), []);
  const errorCount = messages.filter((message) => message.severity === 'error').length;

  const onSave = () => {
    // What the editor holds now, typing not yet handed over included.
    const current = editorRef.current?.getValue() ?? source;
    onEditorChange(current);
    save.mutate(current, {
      onSuccess: (version) =>
        showToast({
          kind: version.hasErrors ? 'warning' : 'success',
          message: version.hasErrors
            ? `Saved version ${version.number}, with ${version.errorCount} errors: fix them to publish.`
            : `Saved version ${version.number}.`,
        }),
      onError: (error) => showToast({ kind: 'error', message: error.message }),
    });
  };
  const onPublish = (number: number) =>
    publish.mutate(number, {
      onSuccess: () => showToast({ kind: 'success', message: `Published version ${number}.` }),
      onError: (error) => showToast({ kind: 'error', message: error.message }),
    });
  const latest = story.latest;

  return (
    <div
      className="flex flex-col gap-4"
      onKeyDown={(event) => {
        if ((event.ctrlKey || event.metaKey) && event.key === 's') {
          event.preventDefault();
          onSave();
        }
      }}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" isLoading={save.isPending} onClick={onSave}>
          Save
        </Button>
        {latest && !latest.hasErrors && !isDirty && !latest.isPublished ? (
          <Button
            variant="sf_green_full"
            isLoading={publish.isPending}
            onClick={() => onPublish(latest.number)}
          >
            Publish version {latest.number}
          </Button>
        ) : null}
        {story.publishedNumber !== null ? (
          <Button
            variant="default"
            isLoading={unpublish.isPending}
            onClick={() => unpublish.mutate()}
          >
            Unpublish
          </Button>
        ) : null}
        <span className="text-sm text-slate-700" role="status">
          {story.publishedNumber === null
            ? 'Not published'
            : `Published: version ${story.publishedNumber}`}
          {isDirty ? ' · unsaved changes' : latest ? ` · saved as version ${latest.number}` : ''}
        </span>
        <span className="ml-auto flex items-center gap-2 text-sm text-slate-600" aria-live="polite">
          {/* Spinning only while the worker compiles: during a burst of typing its animation's
              frames would land between the keys. */}
          {compile.isCompiling ? <Spinner className="size-4" label="Compiling" /> : null}
          {isCompiling
            ? 'Compiling…'
            : compile.milliseconds !== null
              ? `Compiled in ${Math.round(compile.milliseconds)} ms`
              : ''}
        </span>
      </div>
      <p className="text-sm text-slate-700" aria-label="Story statistics">
        {stats.words.toLocaleString('en-US')} words · {stats.knots} knots · {stats.stitches}{' '}
        stitches · {stats.choices} choices
      </p>
      <div className="grid gap-4 lg:grid-cols-[12rem_minmax(0,1fr)_22rem]">
        <OutlineNav outline={outline} onGoToLine={goToLine} />
        <div className="order-1 flex min-w-0 flex-col gap-3 lg:order-2">
          <div className="h-[32rem]">
            <InkCodeEditor
              key={editorKey}
              ref={editorRef}
              initialValue={source}
              onChange={onEditorChange}
              onEdit={onEditorEdit}
              messages={messages}
              questions={story.questions}
            />
          </div>
          <section aria-label="Errors and warnings">
            <h2 className="text-sm font-semibold text-slate-800">
              Errors and warnings {errorCount > 0 ? `(${errorCount} errors)` : ''}
            </h2>
            <MessageList messages={messages} onGoToLine={goToLine} />
          </section>
          <TagGrammarHelp />
        </div>
        <div className="order-3 min-w-0">
          <h2 className="mb-2 text-sm font-semibold text-slate-800">Player</h2>
          <StoryPlayerPane
            compiledJson={
              compile.result ? compile.result.compiledJson : (latest?.compiledJson ?? null)
            }
            outline={outline}
            variableNames={variableNames}
            questions={story.questions}
            initialScript={initialScript}
          />
        </div>
      </div>
      <section aria-label="Version history">
        <h2 className="mb-2 text-sm font-semibold text-slate-800">Version history</h2>
        <VersionHistory
          story={story}
          busyNumber={restore.isPending ? (restore.variables ?? null) : null}
          onRestore={(number) =>
            isDirty
              ? setConfirmRestore(number)
              : restore.mutate(number, {
                  onSuccess: (version) => {
                    onEditorChange(version.source);
                    setEditorKey((key) => key + 1);
                  },
                })
          }
          onPublish={onPublish}
        />
      </section>
      <ConfirmDialog
        isOpen={confirmRestore !== null}
        title={`Restore version ${confirmRestore ?? ''}?`}
        description="Your unsaved changes in the editor will be replaced by that version's source, saved as a new version."
        confirmText="Restore"
        isPending={restore.isPending}
        onCancel={() => setConfirmRestore(null)}
        onConfirm={() => {
          const number = confirmRestore!;
          restore.mutate(number, {
            onSuccess: (version) => {
              setConfirmRestore(null);
              onEditorChange(version.source);
              setEditorKey((key) => key + 1);
            },
          });
        }}
      />
    </div>
  );
}

/**
 * The ink story editor (`/training/ink_story`): one story per storyfile, compiled in a worker as
 * you type, played beside the source, saved as versions the server compiles again.
 */
export function InkStoryScreen({
  storyfileId,
  forkConversationId = null,
  onStoryfileChange,
  initialScript = EMPTY_PLAY_SCRIPT,
}: {
  storyfileId: string | null;
  /** A conversation whose ink state the player starts from (View Inky States' "Fork into editor"). */
  forkConversationId?: string | null;
  onStoryfileChange: (storyfileId: string) => void;
  initialScript?: PlayScript;
}) {
  const story = useInkStory(storyfileId);
  const fork = useInkState(forkConversationId);
  const forkScript = useMemo<PlayScript | null>(
    () =>
      fork.data ? { startPath: null, startStateJson: fork.data.stateJson, choices: [] } : null,
    [fork.data],
  );
  return (
    <div className="flex flex-col gap-4">
      <StoryfilePicker storyfileId={storyfileId} onChange={onStoryfileChange} />
      {storyfileId === null ? (
        <p className="text-slate-600">Choose a storyfile to write its ink story.</p>
      ) : story.isPending ? (
        <Spinner label="Loading the story" />
      ) : story.isError ? (
        <Alert kind="error">{story.error.message}</Alert>
      ) : (
        <>
          {forkConversationId === null ? null : fork.isPending ? (
            <Spinner label="Loading the conversation's state" />
          ) : fork.isError ? (
            <Alert kind="error">{fork.error.message}</Alert>
          ) : (
            <p
              role="status"
              className="rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm text-brand-900"
            >
              The player starts from a conversation&apos;s state (saved under story version{' '}
              {fork.data.storyVersionNumber}); Restart plays the story from the top.
            </p>
          )}
          <StoryEditor
            key={story.data.storyfileId}
            story={story.data}
            initialScript={forkScript ?? initialScript}
          />
        </>
      )}
    </div>
  );
}
