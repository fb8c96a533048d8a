import { useCallback, useMemo, useRef, useState } from 'react';
import {
  countInkStats,
  findInkOutline,
  hasRoleInNamespace,
  roleRequiredMessage,
  type CurrentUser,
  type InkStory,
} from '@conversa/contracts';
import { findInkVariableNames } from '@conversa/contracts/ink/run-ink';
import { Alert } from '@/components/ui/alert';
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
import { StoryfilePicker } from '@/entities/storyfile';
import { MessageList, TagGrammarHelp } from './story-messages';
import { VersionHistory } from './version-history';
import { OutlineNav } from './outline-nav';
import { StoryToolbar } from './story-toolbar';
import { createPendingEdit } from '../utils/pending-edit';

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

/** Said where the story cannot be changed, as on the storyfile's own read-only screens. */
export const INK_STORY_READ_ONLY_MESSAGE = `${roleRequiredMessage('edit:ns')} to change this ink story.`;

function StoryEditor({
  story,
  initialScript,
  canEdit,
}: {
  story: InkStory;
  initialScript: PlayScript;
  /** Edit role in the storyfile's namespace: otherwise the source, Save and history are read only. */
  canEdit: boolean;
}) {
  const { showToast } = useToast();
  const editorRef = useRef<InkCodeEditorHandle>(null);
  // A reader of a storyfile without a story is shown nothing to save, not the new story template.
  const savedSource = story.latest?.source ?? (canEdit ? NEW_STORY_TEMPLATE : '');
  // The source as the editor last handed it over (once typing paused): a keystroke changes no
  // state of this screen; the first of a burst tells `pendingEdit`, which only the toolbar shows.
  const [source, setSource] = useState(savedSource);
  const [pendingEdit] = useState(createPendingEdit);
  const onEditorEdit = useCallback(() => pendingEdit.set(true), [pendingEdit]);
  const onEditorChange = useCallback(
    (value: string) => {
      setSource(value);
      pendingEdit.set(false);
    },
    [pendingEdit],
  );
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
  const hasUnsavedSource = canEdit && (source !== savedSource || !story.latest);
  const goToLine = useCallback((line: number) => editorRef.current?.goToLine(line), []);
  const errorCount = messages.filter((message) => message.severity === 'error').length;

  const showError = (error: Error) => showToast({ kind: 'error', message: error.message });
  const onSave = () => {
    if (!canEdit) {
      return;
    }
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
      onError: showError,
    });
  };
  const onPublish = (number: number) =>
    publish.mutate(number, {
      onSuccess: () => showToast({ kind: 'success', message: `Published version ${number}.` }),
      onError: showError,
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
      {canEdit ? null : <p className="text-sm text-slate-600">{INK_STORY_READ_ONLY_MESSAGE}</p>}
      <StoryToolbar
        story={story}
        canEdit={canEdit}
        pendingEdit={pendingEdit}
        hasUnsavedSource={hasUnsavedSource}
        isCompiling={compile.isCompiling}
        compiledInMs={compile.milliseconds}
        isSaving={save.isPending}
        isPublishing={publish.isPending}
        isUnpublishing={unpublish.isPending}
        onSave={onSave}
        onPublish={onPublish}
        onUnpublish={() => unpublish.mutate(undefined, { onError: showError })}
      />
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
              isReadOnly={!canEdit}
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
          canEdit={canEdit}
          busyNumber={restore.isPending ? (restore.variables ?? null) : null}
          onRestore={(number) =>
            pendingEdit.isPending() || hasUnsavedSource
              ? setConfirmRestore(number)
              : restore.mutate(number, {
                  onSuccess: (version) => {
                    onEditorChange(version.source);
                    setEditorKey((key) => key + 1);
                  },
                  onError: showError,
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
            onError: (error) => {
              setConfirmRestore(null);
              showError(error);
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
  user,
  storyfileId,
  forkConversationId = null,
  onStoryfileChange,
  initialScript = EMPTY_PLAY_SCRIPT,
}: {
  user: CurrentUser;
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
      <StoryfilePicker
        storyfileId={storyfileId ?? undefined}
        onChange={(id) => onStoryfileChange(id ?? '')}
        isSearchable
        isRequired
      />
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
            canEdit={hasRoleInNamespace(user, story.data.namespaceId, 'edit:ns')}
          />
        </>
      )}
    </div>
  );
}
