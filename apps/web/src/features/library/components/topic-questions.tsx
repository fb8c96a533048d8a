import { type LibraryQuestion } from '@conversa/contracts';
import { Draggable, Droppable } from '@hello-pangea/dnd';

import { GripVertical, Plus, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';

import { Button } from '@/components/ui/button';

import { Spinner } from '@/components/ui/spinner';

import { messageOf } from '@/lib/api-client';
import { useCreateQuestion } from '../api/create-question';

import { useTopic } from '../api/get-topic';

import { useUpdateQuestion } from '../api/update-question';

import { AlternatesDialog } from './alternates-dialog';

import { InlineEdit } from './inline-edit';

import { TextField } from './text-field';

/** The droppable id prefix of a topic's question list (the screen's drag handler reads it). */
export const TOPIC_QUESTIONS_DROPPABLE = 'topic-questions';

export function TopicQuestions({
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
                          data-drag-label={question.text}
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
