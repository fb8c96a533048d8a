import { MAX_STARTERS, type StoryfileDetail } from '@conversa/contracts';
import { Draggable, Droppable } from '@hello-pangea/dnd';
import { GripVertical, MessageCircleQuestion, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useDragHandlers } from '@/components/drag-and-drop';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useToast } from '@/components/ui/toast';
import { useSetStoryfileStarters } from '../api/set-storyfile-starters';
import { moveItem } from '../utils/reorder';
import { INPUT_CLASS } from './field';

/**
 * Conversation starters: questions of the storyfile suggested to visitors in the intro, in order.
 * Editors add from the checklist, remove, and drag (or keyboard-move) to reorder.
 */
export function StartersPanel({
  storyfile,
  isEditable,
}: {
  storyfile: StoryfileDetail;
  isEditable: boolean;
}) {
  const setStarters = useSetStoryfileStarters(storyfile.id);
  const { showToast } = useToast();
  const [choice, setChoice] = useState('');
  const selectId = useId();
  const starterIds = storyfile.starters.map((starter) => starter.questionId);
  const candidates = storyfile.topics.flatMap((topic) =>
    topic.questions
      .filter((question) => !starterIds.includes(question.id))
      .map((question) => ({ ...question, topicName: topic.name })),
  );

  function save(questionIds: string[]) {
    setStarters.mutate(questionIds, {
      onError: (error) => showToast({ kind: 'error', message: error.message }),
    });
  }

  useDragHandlers('starter', {
    onDragEnd: ({ source, destination }) => {
      if (source.index !== destination.index) {
        save(moveItem(starterIds, source.index, destination.index));
      }
    },
  });

  return (
    <div className="space-y-3">
      {storyfile.starters.length === 0 ? (
        <div className="flex items-start gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
          <MessageCircleQuestion className="size-5 shrink-0 text-slate-400" aria-hidden="true" />
          <p>
            No conversation starters yet.{' '}
            {isEditable ? 'Pick a few questions below' : 'Editors pick'} that visitors see as
            suggestions when the storyfile greets them.
          </p>
        </div>
      ) : (
        <Droppable droppableId="storyfile-starters" type="starter" isDropDisabled={!isEditable}>
          {(drop) => (
            <ol
              ref={drop.innerRef}
              {...drop.droppableProps}
              aria-label="Conversation starters"
              className="space-y-2"
            >
              {storyfile.starters.map((starter, index) => (
                <Draggable
                  key={starter.questionId}
                  draggableId={`starter:${starter.questionId}`}
                  index={index}
                  isDragDisabled={!isEditable}
                >
                  {(drag, snapshot) => (
                    <li
                      ref={drag.innerRef}
                      {...drag.draggableProps}
                      className={cn(
                        'flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm',
                        snapshot.isDragging && 'ring-2 ring-brand-300',
                      )}
                    >
                      {isEditable ? (
                        <span
                          {...drag.dragHandleProps}
                          aria-label={`Reorder starter: ${starter.text}`}
                          data-drag-label={starter.text}
                          className="flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
                        >
                          <GripVertical className="size-4" aria-hidden="true" />
                        </span>
                      ) : null}
                      <span className="w-5 text-xs font-medium text-slate-500 tabular-nums">
                        {index + 1}.
                      </span>
                      <span className="flex-1 text-slate-800">{starter.text}</span>
                      {isEditable ? (
                        <button
                          type="button"
                          aria-label={`Remove starter: ${starter.text}`}
                          onClick={() => save(starterIds.filter((id) => id !== starter.questionId))}
                          className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-red-600"
                        >
                          <X className="size-4" aria-hidden="true" />
                        </button>
                      ) : null}
                    </li>
                  )}
                </Draggable>
              ))}
              {drop.placeholder}
            </ol>
          )}
        </Droppable>
      )}
      {isEditable ? (
        starterIds.length >= MAX_STARTERS ? (
          <p className="text-sm text-slate-500">
            A storyfile can have at most {MAX_STARTERS} conversation starters.
          </p>
        ) : candidates.length === 0 ? (
          <p className="text-sm text-slate-500">
            Add questions to the script to pick starters from them.
          </p>
        ) : (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              if (choice !== '') {
                save([...starterIds, choice]);
                setChoice('');
              }
            }}
          >
            <div className="min-w-0 flex-1 basis-56">
              <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
                Add a starter
              </label>
              <select
                id={selectId}
                value={choice}
                onChange={(event) => setChoice(event.target.value)}
                className={cn(INPUT_CLASS, 'mt-1')}
              >
                <option value="">Choose a question…</option>
                {candidates.map((question) => (
                  <option key={question.id} value={question.id}>
                    {question.topicName}: {question.text}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={choice === ''} isLoading={setStarters.isPending}>
              Add starter
            </Button>
          </form>
        )
      ) : null}
    </div>
  );
}
