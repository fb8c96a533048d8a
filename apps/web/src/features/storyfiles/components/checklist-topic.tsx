import {
  NAME_MAX_LENGTH,
  QUESTION_TEXT_MAX_LENGTH,
  type StoryfileTopic,
} from '@conversa/contracts';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { GripVertical, Trash2 } from 'lucide-react';
import type { RefObject } from 'react';
import { cn } from '@/components/ui/cn';
import type { ApiError } from '@/lib/api-client';
import { useCreateStoryfileQuestion } from '../api/create-storyfile-question';
import { useUpdateStoryfileQuestion } from '../api/update-storyfile-question';
import { useUpdateStoryfileTopic } from '../api/update-storyfile-topic';
import { AddItemForm } from './add-item-form';
import { InlineText } from './inline-text';
import { QuestionItem } from './question-item';

/** The droppable id of a topic's question list is this prefix and the topic's id. */
export const QUESTION_DROPPABLE_PREFIX = 'storyfile-topic:';

/**
 * One topic of the recording checklist: its name (renamed inline), its recorded count, its
 * questions (each dragged within or into another topic) and the form that adds one.
 */
export function ChecklistTopic({
  storyfileId,
  topic,
  topicIndex,
  isEditable,
  topicNameButtons,
  addQuestionInputs,
  showError,
  askDeleteTopic,
  askDeleteQuestion,
}: {
  storyfileId: string;
  topic: StoryfileTopic;
  topicIndex: number;
  isEditable: boolean;
  /** Each topic's name button and add-question input, by topic id, for the checklist's focus moves. */
  topicNameButtons: RefObject<Map<string, HTMLButtonElement>>;
  addQuestionInputs: RefObject<Map<string, HTMLInputElement>>;
  showError: (error: ApiError | Error) => void;
  askDeleteTopic: (topic: StoryfileTopic) => void;
  askDeleteQuestion: (text: string, questionId: string) => void;
}) {
  const updateTopic = useUpdateStoryfileTopic(storyfileId);
  const createQuestion = useCreateStoryfileQuestion(storyfileId);
  const updateQuestion = useUpdateStoryfileQuestion(storyfileId);
  return (
    <Draggable draggableId={topic.id} index={topicIndex} isDragDisabled={!isEditable}>
      {(topicDrag, topicSnapshot) => (
        <li
          ref={topicDrag.innerRef}
          {...topicDrag.draggableProps}
          aria-label={`Topic: ${topic.name}`}
          className={cn(
            'rounded-xl border border-slate-200 bg-white shadow-sm',
            topicSnapshot.isDragging && 'ring-2 ring-brand-300',
          )}
        >
          <div className="flex items-center gap-2 border-b border-slate-100 px-4 py-3">
            {isEditable ? (
              <span
                {...topicDrag.dragHandleProps}
                aria-label={`Reorder topic: ${topic.name}`}
                data-drag-label={topic.name}
                className="flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
              >
                <GripVertical className="size-4" aria-hidden="true" />
              </span>
            ) : null}
            <span className="text-sm font-semibold text-slate-500 tabular-nums">
              {topicIndex + 1}.
            </span>
            <h3 className="min-w-0 flex-1 text-base font-semibold text-slate-900">
              <InlineText
                value={topic.name}
                label="Topic name"
                isEditable={isEditable}
                maxLength={NAME_MAX_LENGTH}
                buttonRef={(element) => {
                  if (element === null) {
                    topicNameButtons.current.delete(topic.id);
                  } else {
                    topicNameButtons.current.set(topic.id, element);
                  }
                }}
                isSaving={updateTopic.isPending && updateTopic.variables.topicId === topic.id}
                onSave={(name) =>
                  updateTopic.mutate({ topicId: topic.id, name }, { onError: showError })
                }
              />
            </h3>
            <span className="text-xs text-slate-500">
              {topic.questions.filter((question) => question.answerRecordedAt !== null).length}/
              {topic.questions.length} recorded
            </span>
            {isEditable ? (
              <button
                type="button"
                aria-label={`Delete topic: ${topic.name}`}
                title="Delete topic"
                onClick={() => askDeleteTopic(topic)}
                className="rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-600"
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </div>
          <div className="px-4 py-2">
            <Droppable
              droppableId={`${QUESTION_DROPPABLE_PREFIX}${topic.id}`}
              type="question"
              isDropDisabled={!isEditable}
            >
              {(questionsDrop, questionsSnapshot) => (
                <ol
                  ref={questionsDrop.innerRef}
                  {...questionsDrop.droppableProps}
                  aria-label={`Questions of ${topic.name}`}
                  className={cn(
                    'min-h-10 divide-y divide-slate-100 rounded-lg',
                    questionsSnapshot.isDraggingOver && 'bg-brand-50/60',
                  )}
                >
                  {topic.questions.length === 0 && !questionsSnapshot.isDraggingOver ? (
                    <li className="py-2 text-sm text-slate-500">No questions in this topic yet.</li>
                  ) : null}
                  {topic.questions.map((question, questionIndex) => (
                    <Draggable
                      key={question.id}
                      draggableId={question.id}
                      index={questionIndex}
                      isDragDisabled={!isEditable}
                    >
                      {(questionDrag, questionSnapshot) => (
                        <li
                          ref={questionDrag.innerRef}
                          {...questionDrag.draggableProps}
                          className={cn(
                            'bg-white',
                            questionSnapshot.isDragging &&
                              'rounded-lg shadow-lg ring-2 ring-brand-300',
                          )}
                        >
                          <QuestionItem
                            question={question}
                            topic={topic}
                            number={`${topicIndex + 1}.${questionIndex + 1}`}
                            isEditable={isEditable}
                            dragHandleProps={questionDrag.dragHandleProps}
                            isSaving={
                              updateQuestion.isPending &&
                              updateQuestion.variables.questionId === question.id
                            }
                            onSaveText={(text) =>
                              updateQuestion.mutate(
                                { questionId: question.id, text },
                                { onError: showError },
                              )
                            }
                            onSaveAlternates={(alternates, done) =>
                              updateQuestion.mutate(
                                { questionId: question.id, alternates },
                                {
                                  onError: showError,
                                  ...(done === undefined ? {} : { onSuccess: done }),
                                },
                              )
                            }
                            onDelete={() => askDeleteQuestion(question.text, question.id)}
                          />
                        </li>
                      )}
                    </Draggable>
                  ))}
                  {questionsDrop.placeholder}
                </ol>
              )}
            </Droppable>
            {isEditable ? (
              <AddItemForm
                label={`New question in ${topic.name}`}
                placeholder="Add a question"
                buttonText="Add question"
                maxLength={QUESTION_TEXT_MAX_LENGTH}
                isPending={
                  createQuestion.isPending && createQuestion.variables.topicId === topic.id
                }
                onAdd={(text, done) =>
                  createQuestion.mutate(
                    { topicId: topic.id, text },
                    { onSuccess: done, onError: showError },
                  )
                }
                className="mt-2 mb-1"
                inputRef={(element) => {
                  if (element === null) {
                    addQuestionInputs.current.delete(topic.id);
                  } else {
                    addQuestionInputs.current.set(topic.id, element);
                  }
                }}
              />
            ) : null}
          </div>
        </li>
      )}
    </Draggable>
  );
}
