import { Draggable, Droppable, type DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import { useQueryClient } from '@tanstack/react-query';
import {
  findRoute,
  hasRoleInNamespace,
  type CurrentUser,
  type LibraryQuestion,
  type ScriptDetail,
  type TopicDetail,
} from '@conversa/contracts';
import {
  BookOpen,
  ChevronDown,
  ChevronRight,
  GripVertical,
  Library,
  Plus,
  Search,
  Trash2,
} from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DragDropProvider, useDragHandlers } from '@/components/drag-and-drop';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button, getButtonClassName } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import type { PlacedDropResult } from '@/lib/drag-and-drop';
import { getScriptQueryOptions, useScript } from '../api/get-script';
import { getTopicQueryOptions, useTopic } from '../api/get-topic';
import { libraryKeys } from '../api/keys';
import { useScripts } from '../api/list-scripts';
import { useTopics } from '../api/list-topics';
import { reorderScriptQuestions } from '../api/reorder-script-questions';
import { reorderScriptTopics } from '../api/reorder-script-topics';
import { replaceScriptContent } from '../api/replace-script-content';
import { useUpdateScript } from '../api/update-script';
import { useScriptSaver } from '../hooks/use-script-saver';
import {
  appendEmptyTopic,
  BUILDER_IDS,
  hasScriptQuestion,
  insertLibraryQuestion,
  insertLibraryTopic,
  isDraftId,
  moveScriptQuestion,
  moveScriptTopic,
  parseBuilderId,
  removeScriptQuestion,
  removeScriptTopic,
  renameScriptTopic,
  toScriptContent,
} from '../utils/script-content';
import { InlineEdit } from './inline-edit';
import { NewScriptDialog } from './new-script-dialog';
import { formatCount, formatNumber } from '@/lib/format';

const BUILDER_PATH = '/topics/builder';
const SCRIPT_PARAM = 'script';

function DragHandle({
  handleProps,
  label,
}: {
  handleProps: DraggableProvidedDragHandleProps | null;
  label: string;
}) {
  return (
    <span
      {...handleProps}
      aria-label={label}
      title="Drag to move; or focus and press Space, then the arrow keys"
      className="flex size-7 shrink-0 cursor-grab items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
    >
      <GripVertical className="size-4" aria-hidden="true" />
    </span>
  );
}

/** The Script Builder of spec §2: the question library beside a script, arranged by dragging. */
export function ScriptBuilderScreen({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const scriptId = params.get(SCRIPT_PARAM) ?? '';
  const [isNewOpen, setIsNewOpen] = useState(false);
  const scripts = useScripts({ shipped: 'false', pageSize: 100, sort: 'name' });

  function selectScript(id: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === '') {
          next.delete(SCRIPT_PARAM);
        } else {
          next.set(SCRIPT_PARAM, id);
        }
        return next;
      },
      { replace: false },
    );
  }

  const items = scripts.data?.items ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute(BUILDER_PATH)?.label ?? 'Script Builder'}
        description="Drag topics and questions from your question library into a script and put them in order. Changes save as you go."
        actions={
          <>
            <Link to="/topics/templates" className={getButtonClassName('default')}>
              <BookOpen className="size-4" aria-hidden="true" />
              All Scripts
            </Link>
            <Button
              variant="primary"
              icon={<Plus className="size-4" aria-hidden="true" />}
              onClick={() => setIsNewOpen(true)}
            >
              New script
            </Button>
          </>
        }
      />
      <div className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <label htmlFor="builder-script" className="text-sm font-medium text-slate-700">
          Script
        </label>
        {scripts.isPending ? (
          <Spinner label="Loading scripts" />
        ) : (
          <select
            id="builder-script"
            value={scriptId}
            onChange={(event) => selectScript(event.target.value)}
            className="h-10 min-w-64 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
          >
            <option value="">Choose a script…</option>
            {items.map((script) => (
              <option key={script.id} value={script.id}>
                {script.name}
                {script.namespaceLabel ? ` (${script.namespaceLabel})` : ''}
              </option>
            ))}
          </select>
        )}
        {scripts.error ? <Alert kind="error">{scripts.error.message}</Alert> : null}
      </div>
      {scriptId === '' ? (
        <EmptyBuilder
          hasScripts={items.length > 0}
          isLoading={scripts.isPending}
          onCreate={() => setIsNewOpen(true)}
        />
      ) : (
        <DragDropProvider>
          <ScriptWorkspace key={scriptId} scriptId={scriptId} user={user} />
        </DragDropProvider>
      )}
      <NewScriptDialog
        user={user}
        isOpen={isNewOpen}
        onOpenChange={setIsNewOpen}
        onCreated={selectScript}
      />
    </div>
  );
}

function EmptyBuilder({
  hasScripts,
  isLoading,
  onCreate,
}: {
  hasScripts: boolean;
  isLoading: boolean;
  onCreate: () => void;
}) {
  if (isLoading) {
    return null;
  }
  return (
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Library className="mx-auto size-10 text-brand-500" aria-hidden="true" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">
        {hasScripts ? 'Choose a script to arrange' : 'No scripts yet'}
      </h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        {hasScripts
          ? 'Pick a script above, or start a new one.'
          : 'Create a script, or duplicate one of the shipped templates from All Scripts.'}
      </p>
      <div className="mt-5 flex justify-center gap-2">
        <Button variant="primary" onClick={onCreate}>
          New script
        </Button>
        <Link to="/topics/templates" className={getButtonClassName('default')}>
          Browse templates
        </Link>
      </div>
    </div>
  );
}

function ScriptWorkspace({ scriptId, user }: { scriptId: string; user: CurrentUser }) {
  const script = useScript(scriptId);
  if (script.isPending) {
    return (
      <div className="flex items-center gap-2 p-6 text-slate-600">
        <Spinner label="Loading script" /> Loading script…
      </div>
    );
  }
  if (script.error) {
    return <Alert kind="error">{script.error.message}</Alert>;
  }
  const canEdit =
    !script.data.isShipped &&
    script.data.namespaceId !== null &&
    hasRoleInNamespace(user, script.data.namespaceId, 'edit:ns');
  return <ScriptEditor script={script.data} canEdit={canEdit} />;
}

function ScriptEditor({ script, canEdit }: { script: ScriptDetail; canEdit: boolean }) {
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const { save, isSaving } = useScriptSaver(script.id);
  const isLocked = !canEdit || isSaving;

  function current(): ScriptDetail {
    return queryClient.getQueryData(getScriptQueryOptions(script.id).queryKey) ?? script;
  }

  function saveContent(next: ScriptDetail) {
    return save(next, () => replaceScriptContent(next.id, toScriptContent(next)));
  }

  async function addLibraryTopic(topicId: string, index: number) {
    const base = current();
    let topic: TopicDetail;
    try {
      topic = await queryClient.fetchQuery(getTopicQueryOptions(topicId));
    } catch (error) {
      showToast({ kind: 'error', message: (error as Error).message });
      return;
    }
    await saveContent(insertLibraryTopic(base, topic, index));
  }

  async function addLibraryQuestion(
    question: LibraryQuestion,
    destination?: { topicId: string; index: number },
  ) {
    const base = current();
    if (hasScriptQuestion(base, question)) {
      showToast({ kind: 'warning', message: `The script already has "${question.text}".` });
      return;
    }
    if (destination !== undefined) {
      await saveContent(insertLibraryQuestion(base, question, destination));
      return;
    }
    // Without a drop place, the question joins the topic taken from its library topic.
    const target = base.topics.find((topic) => topic.sourceTopicId === question.topicId);
    if (target !== undefined) {
      await saveContent(
        insertLibraryQuestion(base, question, {
          topicId: target.id,
          index: target.questions.length,
        }),
      );
      return;
    }
    const withTopic = appendEmptyTopic(base, question.topicName);
    const added = withTopic.topics.at(-1);
    if (added === undefined) {
      return;
    }
    added.sourceTopicId = question.topicId;
    await saveContent(insertLibraryQuestion(withTopic, question, { topicId: added.id, index: 0 }));
  }

  function onTopicDrop(result: PlacedDropResult) {
    const { source, destination } = result;
    if (destination.droppableId !== BUILDER_IDS.scriptTopics) {
      return;
    }
    if (source.droppableId === BUILDER_IDS.libraryTopics) {
      void addLibraryTopic(parseBuilderId(result.draggableId).id, destination.index);
      return;
    }
    if (source.droppableId !== BUILDER_IDS.scriptTopics || source.index === destination.index) {
      return;
    }
    const next = moveScriptTopic(current(), source.index, destination.index);
    void save(next, () =>
      reorderScriptTopics(
        next.id,
        next.topics.map((topic) => topic.id),
      ),
    );
  }

  function onQuestionDrop(result: PlacedDropResult) {
    const { source, destination } = result;
    const to = parseBuilderId(destination.droppableId);
    const from = parseBuilderId(source.droppableId);
    if (to.kind !== 'script-questions') {
      return;
    }
    if (from.kind === 'library-questions') {
      const topic = queryClient.getQueryData<TopicDetail>(libraryKeys.topic(from.id));
      const question = topic?.questions.find(
        (item) => item.id === parseBuilderId(result.draggableId).id,
      );
      if (question !== undefined) {
        void addLibraryQuestion(question, { topicId: to.id, index: destination.index });
      }
      return;
    }
    if (from.kind !== 'script-questions') {
      return;
    }
    if (from.id === to.id && source.index === destination.index) {
      return;
    }
    const next = moveScriptQuestion(
      current(),
      { topicId: from.id, index: source.index },
      { topicId: to.id, index: destination.index },
    );
    if (from.id === to.id) {
      const topic = next.topics.find((item) => item.id === to.id);
      void save(next, () =>
        reorderScriptQuestions(next.id, to.id, topic?.questions.map((item) => item.id) ?? []),
      );
      return;
    }
    void saveContent(next);
  }

  useDragHandlers('topic', { onDragEnd: onTopicDrop });
  useDragHandlers('question', { onDragEnd: onQuestionDrop });

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <LibraryColumn
        namespaceId={script.namespaceId ?? ''}
        isLocked={isLocked}
        canEdit={canEdit}
        onAddTopic={(topicId) => void addLibraryTopic(topicId, current().topics.length)}
        onAddQuestion={(question) => void addLibraryQuestion(question)}
      />
      <ScriptColumn
        script={script}
        canEdit={canEdit}
        isLocked={isLocked}
        isSaving={isSaving}
        onAddTopic={(name) => saveContent(appendEmptyTopic(current(), name))}
        onRenameTopic={(topicId, name) => saveContent(renameScriptTopic(current(), topicId, name))}
        onRemoveTopic={(topicId) => void saveContent(removeScriptTopic(current(), topicId))}
        onRemoveQuestion={(topicId, questionId) =>
          void saveContent(removeScriptQuestion(current(), topicId, questionId))
        }
      />
    </div>
  );
}

function LibraryColumn({
  namespaceId,
  isLocked,
  canEdit,
  onAddTopic,
  onAddQuestion,
}: {
  namespaceId: string;
  isLocked: boolean;
  canEdit: boolean;
  onAddTopic: (topicId: string) => void;
  onAddQuestion: (question: LibraryQuestion) => void;
}) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const topics = useTopics({
    namespaceId,
    search,
    searchOptions: 'name,description,questions',
    pageSize: 100,
    sort: 'name',
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(text.trim());
  }

  const items = topics.data?.items ?? [];
  return (
    <section
      aria-labelledby="library-heading"
      className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-slate-50 shadow-sm"
    >
      <header className="space-y-3 border-b border-slate-200 p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id="library-heading" className="text-base font-semibold text-slate-900">
            Question library
          </h2>
          <Link to="/topics" className="text-sm font-medium text-brand-700 hover:underline">
            Manage topics
          </Link>
        </div>
        <form role="search" onSubmit={submit} className="flex gap-2">
          <input
            aria-label="Search the question library"
            placeholder="Search topics and questions"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value === '') {
                setSearch('');
              }
            }}
            className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
          />
          <Button size="sm" type="submit" icon={<Search className="size-4" aria-hidden="true" />}>
            Search
          </Button>
        </form>
      </header>
      <div className="max-h-[65vh] overflow-y-auto p-3">
        {topics.isPending ? (
          <div className="flex items-center gap-2 p-3 text-sm text-slate-600">
            <Spinner label="Loading the question library" /> Loading the question library…
          </div>
        ) : topics.error ? (
          <Alert kind="error">{topics.error.message}</Alert>
        ) : items.length === 0 ? (
          <div className="p-6 text-center text-sm text-slate-600">
            {search === '' ? (
              <>
                <p>This namespace has no topics yet.</p>
                <Link to="/topics" className="mt-2 inline-block font-medium text-brand-700">
                  Create topics and questions
                </Link>
              </>
            ) : (
              <p>No topics or questions match “{search}”.</p>
            )}
          </div>
        ) : (
          <Droppable droppableId={BUILDER_IDS.libraryTopics} type="topic" isDropDisabled>
            {(provided) => (
              <ul ref={provided.innerRef} {...provided.droppableProps} className="space-y-2">
                {items.map((topic, index) => (
                  <Draggable
                    key={topic.id}
                    draggableId={`library-topic:${topic.id}`}
                    index={index}
                    isDragDisabled={isLocked}
                  >
                    {(dragged) => (
                      <li
                        ref={dragged.innerRef}
                        {...dragged.draggableProps}
                        className="rounded-lg border border-slate-200 bg-white shadow-sm"
                      >
                        <LibraryTopicRow
                          topic={topic}
                          handleProps={canEdit ? dragged.dragHandleProps : null}
                          isLocked={isLocked}
                          canEdit={canEdit}
                          isSearching={search !== ''}
                          onAddTopic={onAddTopic}
                          onAddQuestion={onAddQuestion}
                        />
                      </li>
                    )}
                  </Draggable>
                ))}
                {provided.placeholder}
              </ul>
            )}
          </Droppable>
        )}
      </div>
    </section>
  );
}

function LibraryTopicRow({
  topic,
  handleProps,
  isLocked,
  canEdit,
  isSearching,
  onAddTopic,
  onAddQuestion,
}: {
  topic: { id: string; name: string; questionCount: number };
  handleProps: DraggableProvidedDragHandleProps | null;
  isLocked: boolean;
  canEdit: boolean;
  isSearching: boolean;
  onAddTopic: (topicId: string) => void;
  onAddQuestion: (question: LibraryQuestion) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const isExpanded = isOpen || isSearching;
  const detail = useTopic(topic.id, { enabled: isExpanded });
  const panelId = `library-topic-panel-${topic.id}`;
  return (
    <div>
      <div className="flex items-center gap-1 p-2">
        {canEdit ? (
          <DragHandle handleProps={handleProps} label={`Drag library topic ${topic.name}`} />
        ) : null}
        <button
          type="button"
          aria-expanded={isExpanded}
          aria-controls={panelId}
          onClick={() => setIsOpen((value) => !value)}
          className="flex min-w-0 flex-1 items-center gap-1 rounded px-1 py-1 text-left text-sm font-medium text-slate-800 hover:bg-slate-50"
        >
          {isExpanded ? (
            <ChevronDown className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4 shrink-0" aria-hidden="true" />
          )}
          <span className="truncate">{topic.name}</span>
          <span className="ml-auto shrink-0 rounded-full bg-slate-100 px-2 text-xs text-slate-600">
            {formatNumber(topic.questionCount)}
          </span>
        </button>
        {canEdit ? (
          <Button
            size="sm"
            variant="text"
            aria-label={`Add topic ${topic.name} to the script`}
            disabled={isLocked}
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => onAddTopic(topic.id)}
          />
        ) : null}
      </div>
      {isExpanded ? (
        <div id={panelId} className="border-t border-slate-100 px-2 pt-1 pb-2">
          {detail.isPending ? (
            <div className="p-2">
              <Spinner label={`Loading the questions of ${topic.name}`} />
            </div>
          ) : detail.error ? (
            <Alert kind="error">{detail.error.message}</Alert>
          ) : detail.data.questions.length === 0 ? (
            <p className="p-2 text-sm text-slate-500">No questions in this topic.</p>
          ) : (
            <Droppable
              droppableId={BUILDER_IDS.libraryQuestions(topic.id)}
              type="question"
              isDropDisabled
            >
              {(provided) => (
                <ul ref={provided.innerRef} {...provided.droppableProps} className="space-y-1">
                  {detail.data.questions.map((question, index) => (
                    <Draggable
                      key={question.id}
                      draggableId={`library-question:${question.id}`}
                      index={index}
                      isDragDisabled={isLocked}
                    >
                      {(dragged) => (
                        <li
                          ref={dragged.innerRef}
                          {...dragged.draggableProps}
                          className="flex items-center gap-1 rounded-md bg-white py-1 pr-1 text-sm text-slate-700 hover:bg-slate-50"
                        >
                          {canEdit ? (
                            <DragHandle
                              handleProps={dragged.dragHandleProps}
                              label={`Drag library question ${question.text}`}
                            />
                          ) : null}
                          <span className="min-w-0 flex-1">{question.text}</span>
                          {canEdit ? (
                            <Button
                              size="sm"
                              variant="text"
                              aria-label={`Add question ${question.text} to the script`}
                              disabled={isLocked}
                              icon={<Plus className="size-4" aria-hidden="true" />}
                              onClick={() => onAddQuestion(question)}
                            />
                          ) : null}
                        </li>
                      )}
                    </Draggable>
                  ))}
                  {provided.placeholder}
                </ul>
              )}
            </Droppable>
          )}
        </div>
      ) : null}
    </div>
  );
}

function ScriptColumn({
  script,
  canEdit,
  isLocked,
  isSaving,
  onAddTopic,
  onRenameTopic,
  onRemoveTopic,
  onRemoveQuestion,
}: {
  script: ScriptDetail;
  canEdit: boolean;
  isLocked: boolean;
  isSaving: boolean;
  onAddTopic: (name: string) => Promise<boolean>;
  onRenameTopic: (topicId: string, name: string) => Promise<boolean>;
  onRemoveTopic: (topicId: string) => void;
  onRemoveQuestion: (topicId: string, questionId: string) => void;
}) {
  const [newTopic, setNewTopic] = useState('');
  const updateScript = useUpdateScript();
  const { showToast } = useToast();
  const [removing, setRemoving] = useState<{ id: string; name: string; count: number } | null>(
    null,
  );

  function submitTopic(event: FormEvent) {
    event.preventDefault();
    const name = newTopic.trim();
    if (name === '') {
      return;
    }
    void onAddTopic(name).then((isSaved) => {
      if (isSaved) {
        setNewTopic('');
      }
    });
  }

  return (
    <section
      aria-labelledby="script-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 p-4">
        <div className="min-w-0">
          <h2 id="script-heading" className="flex text-base font-semibold text-slate-900">
            <InlineEdit
              value={script.name}
              label={`Rename script ${script.name}`}
              isEditable={canEdit}
              onSave={(name) =>
                updateScript.mutateAsync({ id: script.id, name }).catch((error: Error) => {
                  showToast({ kind: 'error', message: error.message });
                  throw error;
                })
              }
            />
          </h2>
          <p className="text-sm text-slate-600">
            {formatCount(script.topicCount, 'topic')} ·{' '}
            {formatCount(script.questionCount, 'question')}
            {script.namespaceLabel ? ` · ${script.namespaceLabel}` : ''}
          </p>
        </div>
        <p aria-live="polite" className="flex items-center gap-2 text-sm text-slate-500">
          {isSaving ? (
            <>
              <Spinner label="Saving" /> Saving…
            </>
          ) : canEdit ? (
            'All changes saved'
          ) : (
            'Read only'
          )}
        </p>
      </header>
      <div className="p-4">
        {script.topics.length === 0 ? (
          <div className="mb-3 rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            This script is empty. Drag a topic or a question from the question library here, or add
            a topic below.
          </div>
        ) : null}
        <Droppable droppableId={BUILDER_IDS.scriptTopics} type="topic" isDropDisabled={isLocked}>
          {(provided, snapshot) => (
            <ol
              ref={provided.innerRef}
              {...provided.droppableProps}
              aria-label="Script topics"
              className={cn(
                'min-h-12 space-y-3 rounded-lg',
                snapshot.isDraggingOver && 'bg-brand-50 ring-2 ring-brand-200',
              )}
            >
              {script.topics.map((topic, index) => (
                <Draggable
                  key={topic.id}
                  draggableId={`script-topic:${topic.id}`}
                  index={index}
                  isDragDisabled={isLocked}
                >
                  {(dragged, draggedSnapshot) => (
                    <li
                      ref={dragged.innerRef}
                      {...dragged.draggableProps}
                      className={cn(
                        'rounded-lg border border-slate-200 bg-white',
                        draggedSnapshot.isDragging && 'shadow-lg ring-2 ring-brand-300',
                      )}
                    >
                      <div className="flex items-center gap-2 border-b border-slate-100 bg-slate-50 px-2 py-2">
                        {canEdit ? (
                          <DragHandle
                            handleProps={dragged.dragHandleProps}
                            label={`Move topic ${topic.name}`}
                          />
                        ) : null}
                        <h3 className="flex min-w-0 flex-1 text-sm font-semibold text-slate-800">
                          <InlineEdit
                            value={topic.name}
                            label={`Rename script topic ${topic.name}`}
                            isEditable={canEdit && !isLocked}
                            onSave={async (name) => {
                              if (!(await onRenameTopic(topic.id, name))) {
                                throw new Error('not saved');
                              }
                            }}
                          />
                        </h3>
                        <span className="text-xs text-slate-500">
                          {topic.questions.length}{' '}
                          {topic.questions.length === 1 ? 'question' : 'questions'}
                        </span>
                        {canEdit ? (
                          <Button
                            size="sm"
                            variant="text"
                            aria-label={`Remove topic ${topic.name} from the script`}
                            disabled={isLocked}
                            icon={<Trash2 className="size-4" aria-hidden="true" />}
                            onClick={() =>
                              topic.questions.length === 0
                                ? onRemoveTopic(topic.id)
                                : setRemoving({
                                    id: topic.id,
                                    name: topic.name,
                                    count: topic.questions.length,
                                  })
                            }
                          />
                        ) : null}
                      </div>
                      <Droppable
                        droppableId={BUILDER_IDS.scriptQuestions(topic.id)}
                        type="question"
                        isDropDisabled={isLocked || isDraftId(topic.id)}
                      >
                        {(questionsProvided, questionsSnapshot) => (
                          <ol
                            ref={questionsProvided.innerRef}
                            {...questionsProvided.droppableProps}
                            aria-label={`Questions of ${topic.name}`}
                            className={cn(
                              'min-h-10 space-y-1 p-2',
                              questionsSnapshot.isDraggingOver && 'bg-brand-50',
                            )}
                          >
                            {topic.questions.length === 0 && !questionsSnapshot.isDraggingOver ? (
                              <li className="px-2 py-1 text-sm text-slate-400">
                                Drop questions here
                              </li>
                            ) : null}
                            {topic.questions.map((question, questionIndex) => (
                              <Draggable
                                key={question.id}
                                draggableId={`script-question:${question.id}`}
                                index={questionIndex}
                                isDragDisabled={isLocked}
                              >
                                {(questionDragged, questionSnapshot) => (
                                  <li
                                    ref={questionDragged.innerRef}
                                    {...questionDragged.draggableProps}
                                    data-testid="script-question"
                                    className={cn(
                                      'group flex items-center gap-2 rounded-md border border-transparent bg-white px-1 py-1 text-sm text-slate-700 hover:border-slate-200',
                                      questionSnapshot.isDragging && 'border-brand-300 shadow-md',
                                    )}
                                  >
                                    {canEdit ? (
                                      <DragHandle
                                        handleProps={questionDragged.dragHandleProps}
                                        label={`Move question ${question.text}`}
                                      />
                                    ) : null}
                                    <span className="w-6 shrink-0 text-right text-xs text-slate-400">
                                      {questionIndex + 1}.
                                    </span>
                                    <span className="min-w-0 flex-1">{question.text}</span>
                                    {question.alternates.length > 0 ? (
                                      <span
                                        className="shrink-0 rounded-full bg-slate-100 px-2 text-xs text-slate-500"
                                        title={question.alternates.join('\n')}
                                      >
                                        +{question.alternates.length} alternates
                                      </span>
                                    ) : null}
                                    {canEdit ? (
                                      <Button
                                        size="sm"
                                        variant="text"
                                        aria-label={`Remove question ${question.text} from the script`}
                                        disabled={isLocked}
                                        className="opacity-60 group-hover:opacity-100 focus:opacity-100"
                                        icon={<Trash2 className="size-4" aria-hidden="true" />}
                                        onClick={() => onRemoveQuestion(topic.id, question.id)}
                                      />
                                    ) : null}
                                  </li>
                                )}
                              </Draggable>
                            ))}
                            {questionsProvided.placeholder}
                          </ol>
                        )}
                      </Droppable>
                    </li>
                  )}
                </Draggable>
              ))}
              {provided.placeholder}
            </ol>
          )}
        </Droppable>
        {canEdit ? (
          <form onSubmit={submitTopic} className="mt-4 flex gap-2">
            <input
              aria-label="New topic name"
              placeholder="New topic name"
              value={newTopic}
              maxLength={120}
              onChange={(event) => setNewTopic(event.target.value)}
              className="h-9 min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm"
            />
            <Button
              size="sm"
              type="submit"
              disabled={isLocked || newTopic.trim() === ''}
              icon={<Plus className="size-4" aria-hidden="true" />}
            >
              Add topic
            </Button>
          </form>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={removing !== null}
        onCancel={() => setRemoving(null)}
        title="Remove topic from the script?"
        description={`“${removing?.name}” and its ${formatCount(removing?.count ?? 0, 'question')} will be removed from this script. The question library keeps them.`}
        confirmText="Remove topic"
        onConfirm={() => {
          if (removing !== null) {
            onRemoveTopic(removing.id);
          }
          setRemoving(null);
        }}
      />
    </section>
  );
}
