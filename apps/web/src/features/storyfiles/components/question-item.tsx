import type { StoryfileQuestion, StoryfileTopic } from '@conversa/contracts';
import {
  findRepeatedAlternate,
  formatRepeatedAlternateMessage,
  MAX_ALTERNATES_PER_QUESTION,
  QUESTION_TEXT_MAX_LENGTH,
} from '@conversa/contracts';
import {
  CheckCircle2,
  ChevronDown,
  ChevronRight,
  Circle,
  GripVertical,
  Trash2,
  X,
} from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { DraggableProvidedDragHandleProps } from '@hello-pangea/dnd';
import { cn } from '@/components/ui/cn';
import { AddItemForm } from './add-item-form';
import { InlineText } from './inline-text';
import { useStoryfileSlots } from './storyfile-slots';

/** One question of the checklist: text, alternates, recorded state, and (for editors) its controls. */
export function QuestionItem({
  question,
  topic,
  number,
  isEditable,
  dragHandleProps,
  isSaving,
  onSaveText,
  onSaveAlternates,
  onDelete,
}: {
  question: StoryfileQuestion;
  topic: StoryfileTopic;
  number: string;
  isEditable: boolean;
  dragHandleProps: DraggableProvidedDragHandleProps | null;
  isSaving: boolean;
  onSaveText: (text: string) => void;
  onSaveAlternates: (alternates: string[], done?: () => void) => void;
  onDelete: () => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const slots = useStoryfileSlots();
  const isRecorded = question.answerRecordedAt !== null;
  const alternatesId = `alternates-${question.id}`;
  // `#question-<id>` (links from the interact tab's "why this answer") scrolls here and marks it.
  const anchorId = `question-${question.id}`;
  const isLinked = useLocation().hash === `#${anchorId}`;
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (isLinked) {
      rootRef.current?.scrollIntoView({ block: 'center' });
    }
  }, [isLinked]);
  return (
    <div
      ref={rootRef}
      id={anchorId}
      data-linked={isLinked || undefined}
      className={cn(
        'flex scroll-mt-24 items-start gap-2 py-2',
        isLinked && '-mx-2 rounded-lg bg-amber-50 px-2 ring-2 ring-amber-300',
      )}
    >
      {isEditable ? (
        <span
          {...dragHandleProps}
          aria-label={`Reorder question: ${question.text}`}
          data-drag-label={question.text}
          className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none"
        >
          <GripVertical className="size-4" aria-hidden="true" />
        </span>
      ) : null}
      <span className="mt-1" title={isRecorded ? 'Answer recorded' : 'Not recorded yet'}>
        {isRecorded ? (
          <CheckCircle2 className="size-4 text-green-600" aria-label="Answer recorded" />
        ) : (
          <Circle className="size-4 text-slate-300" aria-label="Not recorded yet" />
        )}
      </span>
      <span className="mt-1 w-10 shrink-0 text-xs font-medium text-slate-500 tabular-nums">
        {number}
      </span>
      <div className="min-w-0 flex-1">
        <InlineText
          value={question.text}
          label="Question"
          isEditable={isEditable}
          isSaving={isSaving}
          maxLength={QUESTION_TEXT_MAX_LENGTH}
          onSave={onSaveText}
          className="text-sm text-slate-900"
        />
        {question.queuedToRecordAt !== null && !isRecorded ? (
          <span
            className="mt-0.5 mr-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"
            title="A visitor asked this; a reviewer queued it in Response quality"
          >
            To record
          </span>
        ) : null}
        {question.alternates.length === 0 && !isEditable ? null : (
          <button
            type="button"
            aria-expanded={isOpen}
            aria-controls={alternatesId}
            onClick={() => setIsOpen(!isOpen)}
            className="mt-0.5 inline-flex min-h-6 items-center gap-1 rounded px-1 text-xs font-medium text-slate-500 hover:text-brand-700"
          >
            {isOpen ? (
              <ChevronDown className="size-3" aria-hidden="true" />
            ) : (
              <ChevronRight className="size-3" aria-hidden="true" />
            )}
            {question.alternates.length === 0
              ? 'Add alternates'
              : question.alternates.length === 1
                ? '1 alternate'
                : `${question.alternates.length} alternates`}
          </button>
        )}
        {isOpen ? (
          <div id={alternatesId} className="mt-2 space-y-2 rounded-lg bg-slate-50 p-3">
            <p className="text-xs text-slate-500">
              Other ways visitors ask this; each one leads to the same answer.
            </p>
            {question.alternates.length === 0 ? null : (
              <ul aria-label={`Alternates of ${question.text}`} className="flex flex-wrap gap-1.5">
                {question.alternates.map((alternate) => (
                  <li
                    key={alternate}
                    className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white py-0.5 pr-1 pl-2.5 text-xs text-slate-700"
                  >
                    {alternate}
                    {isEditable ? (
                      <button
                        type="button"
                        aria-label={`Remove alternate: ${alternate}`}
                        onClick={() =>
                          onSaveAlternates(question.alternates.filter((item) => item !== alternate))
                        }
                        className="rounded-full p-0.5 text-slate-500 hover:bg-slate-100 hover:text-red-600"
                      >
                        <X className="size-3" aria-hidden="true" />
                      </button>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
            {isEditable && question.alternates.length < MAX_ALTERNATES_PER_QUESTION ? (
              <AddItemForm
                label={`New alternate for ${question.text}`}
                placeholder="Another way to ask it"
                buttonText="Add"
                isPending={isSaving}
                maxLength={QUESTION_TEXT_MAX_LENGTH}
                validate={(text) => {
                  const repeated = findRepeatedAlternate(question.text, [
                    ...question.alternates,
                    text,
                  ]);
                  return repeated === null ? null : formatRepeatedAlternateMessage(repeated);
                }}
                onAdd={(text, done) => onSaveAlternates([...question.alternates, text], done)}
              />
            ) : null}
          </div>
        ) : null}
        {slots?.slots.renderQuestionMedia?.({ ...slots.context, question, topic })}
      </div>
      {isEditable ? (
        <button
          type="button"
          aria-label={`Delete question: ${question.text}`}
          title="Delete question"
          onClick={onDelete}
          className={cn('rounded p-1 text-slate-500 hover:bg-red-50 hover:text-red-600')}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </div>
  );
}
