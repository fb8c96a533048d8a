import { Draggable, Droppable } from '@hello-pangea/dnd';
import type { ScriptTopic } from '@conversa/contracts';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { BUILDER_IDS } from '../utils/drag-ids';
import { isDraftId } from '../utils/script-content';
import { DragHandle } from './drag-handle';
import { InlineEdit } from './inline-edit';
import { ScriptQuestionItem } from './script-question-item';
import { formatCount } from '@/lib/format';

/**
 * One topic of the script: draggable among the topics, renamed in place, and a drop target for
 * questions once it is saved (a draft topic has no id the server knows yet).
 */
export function ScriptTopicItem({
  topic,
  index,
  canEdit,
  isLocked,
  onRename,
  onRemove,
  onRemoveQuestion,
}: {
  topic: ScriptTopic;
  index: number;
  canEdit: boolean;
  isLocked: boolean;
  onRename: (name: string) => Promise<boolean>;
  onRemove: () => void;
  onRemoveQuestion: (questionId: string) => void;
}) {
  return (
    <Draggable
      draggableId={BUILDER_IDS.scriptTopic(topic.id)}
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
                  // InlineEdit keeps the typed name when the save throws.
                  if (!(await onRename(name))) {
                    throw new Error('not saved');
                  }
                }}
              />
            </h3>
            <span className="text-xs text-slate-500">
              {formatCount(topic.questions.length, 'question')}
            </span>
            {canEdit ? (
              <Button
                size="sm"
                variant="text"
                aria-label={`Remove topic ${topic.name} from the script`}
                disabled={isLocked}
                icon={<Trash2 className="size-4" aria-hidden="true" />}
                onClick={onRemove}
              />
            ) : null}
          </div>
          <Droppable
            droppableId={BUILDER_IDS.scriptQuestions(topic.id)}
            type="question"
            isDropDisabled={isLocked || isDraftId(topic.id)}
          >
            {(provided, snapshot) => (
              <ol
                ref={provided.innerRef}
                {...provided.droppableProps}
                aria-label={`Questions of ${topic.name}`}
                className={cn('min-h-10 space-y-1 p-2', snapshot.isDraggingOver && 'bg-brand-50')}
              >
                {topic.questions.length === 0 && !snapshot.isDraggingOver ? (
                  <li className="px-2 py-1 text-sm text-slate-400">Drop questions here</li>
                ) : null}
                {topic.questions.map((question, questionIndex) => (
                  <ScriptQuestionItem
                    key={question.id}
                    question={question}
                    index={questionIndex}
                    canEdit={canEdit}
                    isLocked={isLocked}
                    onRemove={() => onRemoveQuestion(question.id)}
                  />
                ))}
                {provided.placeholder}
              </ol>
            )}
          </Droppable>
        </li>
      )}
    </Draggable>
  );
}
