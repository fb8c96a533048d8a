import { NAME_MAX_LENGTH, type StoryfileDetail, type StoryfileTopic } from '@conversa/contracts';
import { Droppable } from '@hello-pangea/dnd';
import { ListChecks } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useDragHandlers } from '@/components/drag-and-drop';

import { useToast } from '@/components/ui/toast';
import type { ApiError } from '@/lib/api-client';
import { useCreateStoryfileTopic } from '../api/create-storyfile-topic';
import { useDeleteStoryfileQuestion } from '../api/delete-storyfile-question';
import { useDeleteStoryfileTopic } from '../api/delete-storyfile-topic';
import { useMoveStoryfileQuestion } from '../api/move-storyfile-question';
import { useReorderStoryfileQuestions } from '../api/reorder-storyfile-questions';
import { useReorderStoryfileTopics } from '../api/reorder-storyfile-topics';
import { moveItem } from '../utils/reorder';
import { AddItemForm } from './add-item-form';
import { ConfirmDialog, type ConfirmRequest } from './confirm-dialog';

import { TopicJumpBar } from './topic-jump-bar';
import { ChecklistTopic, QUESTION_DROPPABLE_PREFIX } from './checklist-topic';
import { formatCount, selectPlural } from '@/lib/format';

const TOPIC_DROPPABLE = 'storyfile-topics';

/**
 * The recording checklist: topics and their questions in order. Editors rename inline, add,
 * delete, and reorder by dragging (or from the keyboard: focus a handle, Space to lift, arrows to
 * move, Space to drop); a question can be dragged into another topic.
 */
export function ScriptChecklist({
  storyfile,
  isEditable,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
}) {
  const id = storyfile.id;
  const { showToast } = useToast();
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const addTopicInputRef = useRef<HTMLInputElement>(null);
  const topicNameButtons = useRef(new Map<string, HTMLButtonElement>());
  const addQuestionInputs = useRef(new Map<string, HTMLInputElement>());
  // The topic just added: its name takes focus once the refreshed checklist shows it, instead of
  // focus falling to the page body while Add topic is busy (issue 32, item 11).
  const [topicToFocus, setTopicToFocus] = useState<string | null>(null);
  useEffect(() => {
    if (topicToFocus === null) {
      return;
    }
    const button = topicNameButtons.current.get(topicToFocus);
    if (button !== undefined) {
      button.focus();
      setTopicToFocus(null);
    }
  }, [topicToFocus, storyfile.topics]);
  const reorderTopics = useReorderStoryfileTopics(id);
  const reorderQuestions = useReorderStoryfileQuestions(id);
  const moveQuestion = useMoveStoryfileQuestion(id);
  const createTopic = useCreateStoryfileTopic(id);
  const deleteTopic = useDeleteStoryfileTopic(id);
  const deleteQuestion = useDeleteStoryfileQuestion(id);

  const showError = (error: ApiError | Error) =>
    showToast({ kind: 'error', message: error.message });

  useDragHandlers('topic', {
    onDragEnd: ({ source, destination }) => {
      if (source.index === destination.index) {
        return;
      }
      const ids = moveItem(storyfile.topics, source.index, destination.index).map(
        (topic) => topic.id,
      );
      reorderTopics.mutate(ids, { onError: showError });
    },
  });

  useDragHandlers('question', {
    onDragEnd: ({ source, destination, draggableId }) => {
      const fromTopicId = source.droppableId.slice(QUESTION_DROPPABLE_PREFIX.length);
      const toTopicId = destination.droppableId.slice(QUESTION_DROPPABLE_PREFIX.length);
      if (fromTopicId === toTopicId) {
        if (source.index === destination.index) {
          return;
        }
        const topic = storyfile.topics.find((candidate) => candidate.id === fromTopicId);
        if (topic === undefined) {
          return;
        }
        const questionIds = moveItem(topic.questions, source.index, destination.index).map(
          (question) => question.id,
        );
        reorderQuestions.mutate({ topicId: fromTopicId, questionIds }, { onError: showError });
        return;
      }
      moveQuestion.mutate(
        { questionId: draggableId, topicId: toTopicId, index: destination.index },
        { onError: showError },
      );
    },
  });

  function askDeleteTopic(topic: StoryfileTopic) {
    setConfirm({
      title: 'Delete this topic?',
      description: `“${topic.name}” and its ${selectPlural(topic.questions.length, 'question', formatCount(topic.questions.length, 'question'))} will be removed from this storyfile. Recorded answers of those questions are no longer used.`,
      confirmText: 'Delete topic',
      onConfirm: () =>
        deleteTopic.mutate(topic.id, {
          onSuccess: () => {
            setConfirm(null);
            showToast({ kind: 'success', message: `Deleted the topic "${topic.name}".` });
          },
          onError: (error) => {
            setConfirm(null);
            showError(error);
          },
        }),
    });
  }

  function askDeleteQuestion(text: string, questionId: string) {
    setConfirm({
      title: 'Delete this question?',
      description: `“${text}” will be removed from this storyfile and from its conversation starters.`,
      confirmText: 'Delete question',
      onConfirm: () =>
        deleteQuestion.mutate(questionId, {
          onSuccess: () => {
            setConfirm(null);
            showToast({ kind: 'success', message: 'Deleted the question.' });
          },
          onError: (error) => {
            setConfirm(null);
            showError(error);
          },
        }),
    });
  }

  const addTopicForm = isEditable ? (
    <AddItemForm
      label="New topic name"
      placeholder="New topic, e.g. Childhood"
      buttonText="Add topic"
      maxLength={NAME_MAX_LENGTH}
      isPending={createTopic.isPending}
      onAdd={(name, done) =>
        createTopic.mutate(name, {
          onSuccess: (topic) => {
            done();
            setTopicToFocus(topic.id);
          },
          onError: showError,
        })
      }
      className="max-w-xl"
      inputRef={addTopicInputRef}
    />
  ) : null;

  if (storyfile.topics.length === 0) {
    return (
      <div className="space-y-4">
        <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <ListChecks className="size-10 text-slate-400" aria-hidden="true" />
          <h3 className="mt-3 text-base font-semibold text-slate-900">No topics yet</h3>
          <p className="mt-1 max-w-md text-sm text-slate-600">
            {isEditable
              ? 'Apply a script to bring in ready-made topics and questions, or add a first topic below.'
              : 'The questions to record will appear here once an editor adds them.'}
          </p>
        </div>
        {addTopicForm}
      </div>
    );
  }

  return (
    <div className="space-y-4">
      {isEditable ? (
        // Every question has several controls: without this, a keyboard user crossed a
        // 29-question script in 184 Tab presses to reach Add topic (issue 15, defect 7).
        <button
          type="button"
          onClick={() => addTopicInputRef.current?.focus()}
          className="sr-only rounded-md bg-white px-3 py-1.5 text-sm font-medium text-brand-700 shadow focus:not-sr-only focus:ring-2 focus:ring-brand-300 focus:outline-none"
        >
          Skip the{' '}
          {selectPlural(
            storyfile.topics.length,
            'topic',
            formatCount(storyfile.topics.length, 'topic'),
          )}{' '}
          to Add topic
        </button>
      ) : null}
      {isEditable && storyfile.topics.length > 1 ? (
        <TopicJumpBar
          topics={storyfile.topics}
          onJump={(topicId) => addQuestionInputs.current.get(topicId)?.focus()}
        />
      ) : null}
      <Droppable droppableId={TOPIC_DROPPABLE} type="topic" isDropDisabled={!isEditable}>
        {(topicsDrop) => (
          <ol
            ref={topicsDrop.innerRef}
            {...topicsDrop.droppableProps}
            aria-label="Topics"
            className="space-y-3"
          >
            {storyfile.topics.map((topic, topicIndex) => (
              <ChecklistTopic
                key={topic.id}
                storyfileId={id}
                topic={topic}
                topicIndex={topicIndex}
                isEditable={isEditable}
                topicNameButtons={topicNameButtons}
                addQuestionInputs={addQuestionInputs}
                showError={showError}
                askDeleteTopic={askDeleteTopic}
                askDeleteQuestion={askDeleteQuestion}
              />
            ))}
            {topicsDrop.placeholder}
          </ol>
        )}
      </Droppable>
      {addTopicForm}
      <ConfirmDialog
        request={confirm}
        onClose={() => setConfirm(null)}
        isPending={deleteTopic.isPending || deleteQuestion.isPending}
      />
    </div>
  );
}
