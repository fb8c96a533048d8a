import { Draggable } from '@hello-pangea/dnd';
import type { ScriptQuestion } from '@conversa/contracts';
import { Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { BUILDER_IDS } from '../utils/drag-ids';
import { DragHandle } from './drag-handle';

/** One question of a script topic: numbered, with its alternates counted, draggable, removable. */
export function ScriptQuestionItem({
  question,
  index,
  canEdit,
  isLocked,
  onRemove,
}: {
  question: ScriptQuestion;
  index: number;
  canEdit: boolean;
  isLocked: boolean;
  onRemove: () => void;
}) {
  return (
    <Draggable
      draggableId={BUILDER_IDS.scriptQuestion(question.id)}
      index={index}
      isDragDisabled={isLocked}
    >
      {(dragged, snapshot) => (
        <li
          ref={dragged.innerRef}
          {...dragged.draggableProps}
          data-testid="script-question"
          className={cn(
            'group flex items-center gap-2 rounded-md border border-transparent bg-white px-1 py-1 text-sm text-slate-700 hover:border-slate-200',
            snapshot.isDragging && 'border-brand-300 shadow-md',
          )}
        >
          {canEdit ? (
            <DragHandle
              handleProps={dragged.dragHandleProps}
              label={`Move question ${question.text}`}
            />
          ) : null}
          <span className="w-6 shrink-0 text-right text-xs text-slate-400">{index + 1}.</span>
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
              onClick={onRemove}
            />
          ) : null}
        </li>
      )}
    </Draggable>
  );
}
