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

import { useQueryClient } from '@tanstack/react-query';
import { FolderOpen, Plus } from 'lucide-react';
import { useCallback, useState } from 'react';
import { DragDropProvider, useDragHandlers } from '@/components/drag-and-drop';
import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';

import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';

import { useDeleteQuestion } from '../api/delete-question';
import { useDeleteTopic } from '../api/delete-topic';

import { useTopics } from '../api/list-topics';
import { libraryKeys } from '../api/keys';
import { useReorderTopicQuestions } from '../api/reorder-topic-questions';
import { useRestoreQuestion } from '../api/restore-question';
import { useRestoreTopic } from '../api/restore-topic';

import { parseBuilderId } from '../utils/drag-ids';
import { toSearchBoxOptions, toSearchOptionsParam } from '../utils/search-options';

import { SaveStoryfileTopics } from './save-storyfile-topics';

import { UndoBar, type UndoState } from './undo-bar';
import { formatCount } from '@/lib/format';
import { TOPIC_QUESTIONS_DROPPABLE } from './topic-questions';
import { TopicRow } from './topic-row';
import { NewTopicDialog } from './new-topic-dialog';

const TOPICS_PATH = '/topics';
const SEARCH_BOX_OPTIONS = toSearchBoxOptions(TOPIC_SEARCH_OPTIONS);

type PendingDelete =
  { kind: 'topic'; topic: Topic } | { kind: 'question'; question: LibraryQuestion } | null;

/** Topics (spec §2 /topics): the question library by topic, searched, paged and edited in place. */
export function TopicsScreen({ user }: { user: CurrentUser }) {
  const { showToast } = useToast();
  const [query, updateQuery] = useListQuery();
  const [pageSize] = usePageSize();
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
        <ListPagingBar
          list={topics.data}
          page={query.page}
          onPageChange={(page, options) => updateQuery({ page }, options)}
        />
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
