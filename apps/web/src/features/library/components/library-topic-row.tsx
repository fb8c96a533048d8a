import { Draggable, Droppable, type DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import type { LibraryQuestion } from '@conversa/contracts';
import { ChevronDown, ChevronRight, Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { useTopic } from '../api/get-topic';
import { BUILDER_IDS } from '../utils/drag-ids';
import { DragHandle } from './drag-handle';

/**
 * One topic of the question library: a drag handle and an add button for the whole topic, and
 * its questions, loaded when the row opens. A search keeps every row open to show the matches.
 */
export function LibraryTopicRow({
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
                      draggableId={BUILDER_IDS.libraryQuestion(question.id)}
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
