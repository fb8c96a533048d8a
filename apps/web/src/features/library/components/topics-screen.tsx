import {
  findRoute,
  hasRole,
  hasRoleInNamespace,
  TOPIC_SEARCH_OPTIONS,
  type CurrentUser,
  type LibraryQuestion,
  type Topic,
  type TopicDetail,
} from '@conversa/contracts';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, ChevronRight, FolderOpen, GripVertical, Plus, Trash2 } from 'lucide-react';
import { useCallback, useState, type FormEvent } from 'react';
import { DragDropProvider, useDragHandlers } from '@/components/drag-and-drop';
import { ListSearchBox } from '@/components/list/list-search-box';
import { PagingBar } from '@/components/list/paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useCreateQuestion } from '../api/create-question';
import { useCreateTopic } from '../api/create-topic';
import { useDeleteQuestion } from '../api/delete-question';
import { useDeleteTopic } from '../api/delete-topic';
import { useTopic } from '../api/get-topic';
import { useTopics } from '../api/list-topics';
import { libraryKeys } from '../api/keys';
import { useReorderTopicQuestions } from '../api/reorder-topic-questions';
import { useRestoreQuestion } from '../api/restore-question';
import { useRestoreTopic } from '../api/restore-topic';
import { useUpdateQuestion } from '../api/update-question';
import { useUpdateTopic } from '../api/update-topic';
import { parseBuilderId } from '../utils/drag-ids';
import { toSearchBoxOptions, toSearchOptionsParam } from '../utils/search-options';
import { AlternatesDialog } from './alternates-dialog';
import { SaveStoryfileTopics } from './save-storyfile-topics';
import { InlineEdit } from './inline-edit';
import { getEditableNamespaces, NamespaceField } from './namespace-field';
import { TextField } from './text-field';
import { UndoBar, type UndoState } from './undo-bar';
import { formatCount } from '@/lib/format';

const TOPICS_PATH = '/topics';
const SEARCH_BOX_OPTIONS = toSearchBoxOptions(TOPIC_SEARCH_OPTIONS);
const TOPIC_QUESTIONS_DROPPABLE = 'topic-questions';

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

type PendingDelete =
  { kind: 'topic'; topic: Topic } | { kind: 'question'; question: LibraryQuestion } | null;

/** Topics (spec §2 /topics): the question library by topic, searched, paged and edited in place. */
export function TopicsScreen({ user }: { user: CurrentUser }) {
  const { showToast } = useToast();
  const [query, updateQuery] = useListQuery();
  const [pageSize, setPageSize] = usePageSize();
  const topics = useTopics({
    search: query.search,
    searchOptions: toSearchOptionsParam(query.searchOptions, TOPIC_SEARCH_OPTIONS),
    page: query.page,
    pageSize,
  });
  const canCreate = hasRole(user, 'edit:ns');
  const [isNewOpen, setIsNewOpen] = useState(false);
  const [pending, setPending] = useState<PendingDelete>(null);
  const [undo, setUndo] = useState<UndoState>(null);
  const closeUndo = useCallback(() => setUndo(null), []);
  const deleteTopic = useDeleteTopic();
  const restoreTopic = useRestoreTopic();
  const deleteQuestion = useDeleteQuestion();
  const restoreQuestion = useRestoreQuestion();
  const queryClient = useQueryClient();
  const reorder = useReorderTopicQuestions();

  function onFailure(error: Error) {
    showToast({ kind: 'error', message: messageOf(error, 'The change was not saved.') });
  }

  // Questions move only within their own topic; the library keeps one order per topic.
  useDragHandlers('question-library', {
    onDragEnd: ({ source, destination }) => {
      const from = parseBuilderId(source.droppableId);
      if (
        from.kind !== TOPIC_QUESTIONS_DROPPABLE ||
        destination.droppableId !== source.droppableId ||
        destination.index === source.index
      ) {
        return;
      }
      const topic = queryClient.getQueryData<TopicDetail>(libraryKeys.topic(from.id));
      if (topic === undefined) {
        return;
      }
      const ids = topic.questions.map((question) => question.id);
      const [moved] = ids.splice(source.index, 1);
      if (moved === undefined) {
        return;
      }
      ids.splice(destination.index, 0, moved);
      reorder.mutate({ id: from.id, ids }, { onError: onFailure });
    },
  });

  function confirmDelete() {
    if (pending === null) {
      return;
    }
    if (pending.kind === 'topic') {
      const { topic } = pending;
      deleteTopic.mutate(topic.id, {
        onSuccess: () => {
          setPending(null);
          setUndo({
            message: `Deleted topic “${topic.name}” and its questions.`,
            ...(hasRoleInNamespace(user, topic.namespaceId, 'owner:ns')
              ? {
                  onUndo: () =>
                    restoreTopic.mutate(topic.id, {
                      onSuccess: () =>
                        showToast({ kind: 'success', message: `Restored “${topic.name}”.` }),
                      onError: onFailure,
                    }),
                }
              : {}),
          });
        },
        onError: (error) => {
          setPending(null);
          onFailure(error);
        },
      });
      return;
    }
    const { question } = pending;
    deleteQuestion.mutate(question.id, {
      onSuccess: () => {
        setPending(null);
        setUndo({
          message: `Deleted “${question.text}”.`,
          ...(hasRoleInNamespace(user, question.namespaceId, 'owner:ns')
            ? {
                onUndo: () =>
                  restoreQuestion.mutate(question.id, {
                    onSuccess: () => showToast({ kind: 'success', message: 'Question restored.' }),
                    onError: onFailure,
                  }),
              }
            : {}),
        });
      },
      onError: (error) => {
        setPending(null);
        onFailure(error);
      },
    });
  }

  const items = topics.data?.items ?? [];
  return (
    <DragDropProvider>
      <div className="space-y-6">
        <PageHeader
          title={findRoute(TOPICS_PATH)?.label ?? 'Topics'}
          description="Your question library, grouped by topic, for every storyfile to reuse. A storyfile's own script is separate: to keep its topics here, open the storyfile and choose Save topics to the library. Reorder questions by their handles; build scripts from them in the Script Builder."
          actions={
            canCreate ? (
              <Button
                variant="primary"
                icon={<Plus className="size-4" aria-hidden="true" />}
                onClick={() => setIsNewOpen(true)}
              >
                New topic
              </Button>
            ) : undefined
          }
        />
        <div className="sm:max-w-xl">
          <ListSearchBox options={SEARCH_BOX_OPTIONS} label="Search topics" />
        </div>
        <UndoBar state={undo} onClose={closeUndo} />
        {topics.error ? <Alert kind="error">{topics.error.message}</Alert> : null}
        {topics.isPending ? (
          <ul aria-label="Loading topics" className="space-y-2">
            {[0, 1, 2, 3].map((index) => (
              <li key={index} className="h-14 animate-pulse rounded-xl bg-slate-100" />
            ))}
          </ul>
        ) : items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <FolderOpen className="mx-auto size-10 text-brand-500" aria-hidden="true" />
            <h2 className="mt-3 text-lg font-semibold text-slate-900">
              {query.search === ''
                ? 'Your question library is empty'
                : 'No topics match your search'}
            </h2>
            <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
              {query.search === ''
                ? 'Create a topic, then add the questions visitors may ask about it.'
                : 'Try other words, or tick Questions in the search box to search question texts.'}
            </p>
            {query.search === '' && canCreate ? (
              <>
                <Button variant="primary" className="mt-4" onClick={() => setIsNewOpen(true)}>
                  New topic
                </Button>
                <SaveStoryfileTopics user={user} />
              </>
            ) : null}
          </div>
        ) : (
          <ul className="space-y-2">
            {items.map((topic) => (
              <TopicRow
                key={topic.id}
                topic={topic}
                canEdit={hasRoleInNamespace(user, topic.namespaceId, 'edit:ns')}
                onDeleteTopic={() => setPending({ kind: 'topic', topic })}
                onDeleteQuestion={(question) => setPending({ kind: 'question', question })}
                onFailure={onFailure}
              />
            ))}
          </ul>
        )}
        {topics.data && topics.data.total > 0 ? (
          <PagingBar
            page={query.page}
            pageCount={topics.data.pageCount}
            pageSize={pageSize}
            onPageChange={(page, options) => updateQuery({ page }, options)}
            onPageSizeChange={(size) => {
              setPageSize(size);
              updateQuery({ page: 1 });
            }}
          />
        ) : null}
        {canCreate ? (
          <NewTopicDialog user={user} isOpen={isNewOpen} onOpenChange={setIsNewOpen} />
        ) : null}
        <ConfirmDialog
          isOpen={pending !== null}
          onCancel={() => setPending(null)}
          title={pending?.kind === 'topic' ? 'Delete topic?' : 'Delete question?'}
          description={
            pending?.kind === 'topic'
              ? `“${pending.topic.name}” and its ${formatCount(pending.topic.questionCount, 'question')} will be deleted from the library. Scripts and storyfiles keep their copies.`
              : pending?.kind === 'question'
                ? `“${pending.question.text}” will be deleted from the library. Scripts and storyfiles keep their copies.`
                : null
          }
          confirmText={pending?.kind === 'topic' ? 'Delete topic' : 'Delete question'}
          isPending={deleteTopic.isPending || deleteQuestion.isPending}
          onConfirm={confirmDelete}
        />
      </div>
    </DragDropProvider>
  );
}

function TopicRow({
  topic,
  canEdit,
  onDeleteTopic,
  onDeleteQuestion,
  onFailure,
}: {
  topic: Topic;
  canEdit: boolean;
  onDeleteTopic: () => void;
  onDeleteQuestion: (question: LibraryQuestion) => void;
  onFailure: (error: Error) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const updateTopic = useUpdateTopic();
  const panelId = `topic-panel-${topic.id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex items-center gap-2 px-3 py-2">
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          aria-label={`${isOpen ? 'Hide' : 'Show'} the questions of ${topic.name}`}
          onClick={() => setIsOpen((value) => !value)}
          className="rounded p-1 text-slate-500 hover:bg-slate-100"
        >
          {isOpen ? (
            <ChevronDown className="size-4" aria-hidden="true" />
          ) : (
            <ChevronRight className="size-4" aria-hidden="true" />
          )}
        </button>
        <div className="min-w-0 flex-1">
          <InlineEdit
            value={topic.name}
            label={`Rename topic ${topic.name}`}
            isEditable={canEdit}
            className="text-sm font-semibold text-slate-900"
            onSave={(name) =>
              updateTopic.mutateAsync({ id: topic.id, name }).catch((error: Error) => {
                onFailure(error);
                throw error;
              })
            }
          />
          {topic.description ? (
            <p className="truncate text-xs text-slate-500">{topic.description}</p>
          ) : null}
        </div>
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
          {topic.namespaceLabel}
        </span>
        <span className="w-24 text-right text-xs text-slate-500">
          {formatCount(topic.questionCount, 'question')}
        </span>
        {canEdit ? (
          <Button
            size="sm"
            variant="text"
            aria-label={`Delete topic ${topic.name}`}
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={onDeleteTopic}
          />
        ) : null}
      </div>
      {isOpen ? (
        <div id={panelId} className="border-t border-slate-100 px-4 py-3">
          <TopicQuestions
            topicId={topic.id}
            topicName={topic.name}
            canEdit={canEdit}
            onDeleteQuestion={onDeleteQuestion}
            onFailure={onFailure}
          />
        </div>
      ) : null}
    </li>
  );
}

function TopicQuestions({
  topicId,
  topicName,
  canEdit,
  onDeleteQuestion,
  onFailure,
}: {
  topicId: string;
  topicName: string;
  canEdit: boolean;
  onDeleteQuestion: (question: LibraryQuestion) => void;
  onFailure: (error: Error) => void;
}) {
  const detail = useTopic(topicId);
  const updateQuestion = useUpdateQuestion();
  const createQuestion = useCreateQuestion();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [editingAlternates, setEditingAlternates] = useState<LibraryQuestion | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (text.trim() === '') {
      setError('Enter the question.');
      return;
    }
    const submitted = text;
    createQuestion.mutate(
      { topicId, text: text.trim() },
      {
        onSuccess: () => {
          // Keep whatever was typed meanwhile.
          setText((current) => (current === submitted ? '' : current));
          setError(undefined);
        },
        onError: (failure) => setError(messageOf(failure, 'The question was not added.')),
      },
    );
  }

  if (detail.isPending) {
    return <Spinner label={`Loading the questions of ${topicName}`} />;
  }
  if (detail.error) {
    return <Alert kind="error">{detail.error.message}</Alert>;
  }
  return (
    <div className="space-y-3">
      {detail.data.questions.length === 0 ? (
        <p className="text-sm text-slate-500">No questions yet.</p>
      ) : (
        <Droppable
          droppableId={`${TOPIC_QUESTIONS_DROPPABLE}:${topicId}`}
          type="question-library"
          isDropDisabled={!canEdit}
        >
          {(provided) => (
            <ol
              ref={provided.innerRef}
              {...provided.droppableProps}
              aria-label={`Questions of ${topicName}`}
              className="space-y-1"
            >
              {detail.data.questions.map((question, index) => (
                <Draggable
                  key={question.id}
                  draggableId={`library-question:${question.id}`}
                  index={index}
                  isDragDisabled={!canEdit}
                >
                  {(dragged, snapshot) => (
                    <li
                      ref={dragged.innerRef}
                      {...dragged.draggableProps}
                      className={`group flex items-center gap-2 rounded-md bg-white px-1 py-0.5 text-sm text-slate-700 hover:bg-slate-50 ${snapshot.isDragging ? 'shadow-md ring-1 ring-brand-300' : ''}`}
                    >
                      {canEdit ? (
                        <span
                          {...dragged.dragHandleProps}
                          aria-label={`Move question ${question.text}`}
                          title="Drag to reorder; or focus and press Space, then the arrow keys"
                          className="flex size-6 shrink-0 cursor-grab items-center justify-center rounded text-slate-400 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-400 focus-visible:outline-none"
                        >
                          <GripVertical className="size-4" aria-hidden="true" />
                        </span>
                      ) : null}
                      <span className="w-6 shrink-0 text-right text-xs text-slate-400">
                        {index + 1}.
                      </span>
                      <div className="min-w-0 flex-1">
                        <InlineEdit
                          value={question.text}
                          label={`Edit question ${question.text}`}
                          isEditable={canEdit}
                          onSave={(next) =>
                            updateQuestion
                              .mutateAsync({ id: question.id, text: next })
                              .catch((failure: Error) => {
                                onFailure(failure);
                                throw failure;
                              })
                          }
                        />
                      </div>
                      {canEdit ? (
                        <button
                          type="button"
                          aria-label={`Alternate phrasings of ${question.text}`}
                          onClick={() => setEditingAlternates(question)}
                          className="shrink-0 rounded-full bg-slate-100 px-2 text-xs text-slate-600 hover:bg-brand-50 hover:text-brand-700"
                        >
                          {question.alternates.length === 0
                            ? '+ alternates'
                            : `+${question.alternates.length} alternates`}
                        </button>
                      ) : question.alternates.length > 0 ? (
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
                          aria-label={`Delete question ${question.text}`}
                          icon={<Trash2 className="size-4" aria-hidden="true" />}
                          onClick={() => onDeleteQuestion(question)}
                        />
                      ) : null}
                    </li>
                  )}
                </Draggable>
              ))}
              {provided.placeholder}
            </ol>
          )}
        </Droppable>
      )}
      <AlternatesDialog question={editingAlternates} onClose={() => setEditingAlternates(null)} />
      {canEdit ? (
        <form onSubmit={submit} className="flex items-start gap-2" noValidate>
          <TextField
            label={`New question in ${topicName}`}
            className="flex-1 [&>label]:sr-only"
            placeholder="Add a question…"
            value={text}
            maxLength={500}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            {...(error === undefined ? {} : { error })}
          />
          <Button
            type="submit"
            icon={<Plus className="size-4" aria-hidden="true" />}
            isLoading={createQuestion.isPending}
          >
            Add question
          </Button>
        </form>
      ) : null}
    </div>
  );
}

function NewTopicDialog({
  user,
  isOpen,
  onOpenChange,
}: {
  user: CurrentUser;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { showToast } = useToast();
  const namespaces = getEditableNamespaces(user);
  const [namespaceId, setNamespaceId] = useState(namespaces[0]?.id ?? '');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const createTopic = useCreateTopic();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    if (name.trim() === '') {
      setError('Enter a name.');
      return;
    }
    createTopic.mutate(
      { namespaceId, name: name.trim(), description: description.trim() },
      {
        onSuccess: (topic) => {
          setName('');
          setDescription('');
          setError(undefined);
          onOpenChange(false);
          showToast({ kind: 'success', message: `Created topic “${topic.name}”.` });
        },
        onError: (failure) => {
          // A problem with another field (the namespace) is not shown under Name.
          if (
            failure instanceof ApiError &&
            failure.issues.length > 0 &&
            !failure.messageFor('name')
          ) {
            setFormError(failure.message);
          } else {
            setError(messageOf(failure, 'The topic was not created.'));
          }
        },
      },
    );
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title="New topic"
      description="Topics group the questions of your library."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {formError === undefined ? null : <Alert kind="error">{formError}</Alert>}
        <NamespaceField user={user} value={namespaceId} onChange={setNamespaceId} />
        <TextField
          label="Name"
          value={name}
          maxLength={120}
          data-autofocus
          onChange={(event) => {
            setName(event.target.value);
            setError(undefined);
          }}
          {...(error === undefined ? {} : { error })}
        />
        <TextField
          label="Description (optional)"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={createTopic.isPending}>
            Create topic
          </Button>
        </div>
      </form>
    </Modal>
  );
}
