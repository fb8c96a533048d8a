import {
  describeAppliedReview,
  REVIEW_ACTION_LABELS,
  type ReviewActionKind,
  type ReviewChange,
} from '@conversa/contracts';
import { useCallback, useId, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format';
import { useApplyReviewChange } from '../api/apply-review-change';
import { useAnswerOptions } from '../api/list-answer-options';
import { useReviewPreview } from '../api/preview-review-change';
import { useUndoReviewAction } from '../api/undo-review-action';
import { PastQuestionMoves } from '@/components/past-question-moves';
import { CONTROL_CLASS } from '@/components/ui/field';

const KIND_HELP: Record<ReviewActionKind, string> = {
  correct:
    'Pick the answer these questions should get. They become its alternate phrasings, so the same questions get it from now on.',
  record:
    'Adds the question to the storyfile’s script, marked "To record", so it shows in the recording checklist.',
  'out-of-scope': 'The fallback was right: these questions are marked resolved.',
  ignore:
    'These questions leave the review list, and so does the same question when it is asked again.',
};

export interface ReviewChangeTarget {
  kind: ReviewActionKind;
  entryIds: string[];
  /** The group's representative question (or the one selected). */
  representative: string;
  /** A correct match's answer chosen already (a "looks like" suggestion). */
  questionId?: string;
  /**
   * The script's unrecorded question the group means (issue 68): adding it to the record queue
   * would script the same question twice, so the dialog offers its alternate instead.
   */
  scripted?: { questionId: string; questionText: string };
  /** Set when the dialog turned into this change while open: focus goes to its answer. */
  isRetargeted?: boolean;
  /** Accepting what visitors chose (issue 66 item 3): a correct match to the answer they chose. */
  isAccepting?: boolean;
}

/** The dialog's title and help when it accepts what visitors chose. */
export const ACCEPT_TITLE = 'Accept what visitors chose';
export const ACCEPT_HELP =
  'Their questions become alternate phrasings of the answer they chose, your own label: the storyfile answers them with it at once, without waiting for more visitors.';

/**
 * Preview, then apply, one review change: what it would move among past questions comes first;
 * applying refreshes the storyfile's matcher and offers an undo.
 */
export function ReviewChangeDialog({
  storyfileId,
  target,
  onRetarget,
  onClose,
}: {
  storyfileId: string;
  target: ReviewChangeTarget | null;
  /** Turns the dialog into another change (the record queue's "alternate instead"). */
  onRetarget?: (target: ReviewChangeTarget) => void;
  onClose: () => void;
}) {
  return (
    <Modal
      isOpen={target !== null}
      onOpenChange={(isOpen) => (isOpen ? undefined : onClose())}
      title={target?.isAccepting ? ACCEPT_TITLE : target ? REVIEW_ACTION_LABELS[target.kind] : ''}
      description={target?.isAccepting ? ACCEPT_HELP : target ? KIND_HELP[target.kind] : undefined}
      size="lg"
    >
      {target ? (
        <ChangeForm
          key={`${target.kind}:${target.questionId ?? ''}:${target.entryIds.join(',')}`}
          storyfileId={storyfileId}
          target={target}
          {...(onRetarget ? { onRetarget } : {})}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ChangeForm({
  storyfileId,
  target,
  onRetarget,
  onClose,
}: {
  storyfileId: string;
  target: ReviewChangeTarget;
  onRetarget?: (target: ReviewChangeTarget) => void;
  onClose: () => void;
}) {
  const ids = { answer: useId(), text: useId(), preview: useId() };
  const [questionId, setQuestionId] = useState(target.questionId ?? '');
  const [text, setText] = useState(target.representative);
  const answers = useAnswerOptions(storyfileId, { enabled: target.kind === 'correct' });
  const { showToast } = useToast();
  const apply = useApplyReviewChange(storyfileId);
  const undo = useUndoReviewAction(storyfileId);
  // Once, when the list first shows: a new callback each render would pull focus back to it
  // whenever the preview arrived.
  const hasFocusedAnswer = useRef(false);
  const focusAnswerOnce = useCallback((element: HTMLSelectElement | null) => {
    if (element && !hasFocusedAnswer.current) {
      hasFocusedAnswer.current = true;
      element.focus();
    }
  }, []);

  // An answer counts once the list holds it: a preselected one whose question was deleted since
  // chooses nothing, and nothing is previewed before the list arrives.
  const isListed = answers.data?.items.some((option) => option.questionId === questionId) ?? false;
  if (questionId !== '' && answers.data !== undefined && !isListed) {
    setQuestionId('');
  }
  let change: ReviewChange | null = null;
  if (target.kind === 'correct') {
    change = isListed ? { kind: 'correct', entryIds: target.entryIds, questionId } : null;
  } else if (target.kind === 'record') {
    change = text.trim() === '' ? null : { kind: 'record', entryIds: target.entryIds, text };
  } else {
    change = { kind: target.kind, entryIds: target.entryIds };
  }
  const preview = useReviewPreview(storyfileId, change);

  const onApply = () => {
    if (!change) {
      return;
    }
    apply.mutate(change, {
      onSuccess: ({ action, preview: applied }) => {
        onClose();
        showToast({
          // A change that cost past questions their answer says so, not only that it is done.
          kind: applied.toFallback > 0 ? 'warning' : 'success',
          message: `${REVIEW_ACTION_LABELS[action.kind]}: done for ${formatCount(action.entryIds.length, 'question')}. ${describeAppliedReview(applied)}`,
          action: { label: 'Undo', onClick: () => undo.mutate(action.id) },
        });
      },
    });
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{formatCount(target.entryIds.length, 'question')}</span>,
        such as “<span className="break-words">{target.representative}</span>”
      </p>
      {target.kind === 'correct' ? (
        <div className="space-y-1">
          <label htmlFor={ids.answer} className="text-sm font-semibold text-slate-700">
            Right answer
          </label>
          {answers.isPending ? (
            <span data-autofocus-pending>
              <Spinner label="Loading answers" />
            </span>
          ) : (
            <select
              id={ids.answer}
              // The dialog exists to pick this answer; Cancel is never where it opens.
              data-autofocus
              // The dialog opened on another change: its body's first field was focused then.
              ref={target.isRetargeted ? focusAnswerOnce : undefined}
              className={CONTROL_CLASS}
              value={questionId}
              onChange={(event) => setQuestionId(event.target.value)}
            >
              <option value="">Choose an answer…</option>
              {(answers.data?.items ?? []).map((option) => (
                <option key={option.questionId} value={option.questionId}>
                  {option.text}
                  {option.isRecorded ? '' : ' (not recorded)'}
                </option>
              ))}
            </select>
          )}
          <p className="text-xs text-slate-500">
            Recorded answers come first; an unrecorded one plays the cannot-answer clip until it is
            recorded.
          </p>
        </div>
      ) : null}
      {target.kind === 'record' && target.scripted ? (
        <Alert kind="warning">
          The script already has “
          <span className="break-words">{target.scripted.questionText}</span>”, not recorded yet.
          Adding this question too would make two to record for one answer.
          {onRetarget ? (
            <span className="mt-2 block">
              <Button
                size="sm"
                onClick={() =>
                  onRetarget({
                    ...target,
                    kind: 'correct',
                    questionId: target.scripted!.questionId,
                    isRetargeted: true,
                  })
                }
              >
                Add as its alternate instead
              </Button>
            </span>
          ) : null}
        </Alert>
      ) : null}
      {target.kind === 'record' ? (
        <div className="space-y-1">
          <label htmlFor={ids.text} className="text-sm font-semibold text-slate-700">
            Question to record
          </label>
          <input
            id={ids.text}
            className={CONTROL_CLASS}
            value={text}
            maxLength={500}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
      ) : null}
      <section
        aria-labelledby={ids.preview}
        className="rounded-lg bg-slate-50 p-3"
        aria-live="polite"
      >
        <h3 id={ids.preview} className="text-sm font-semibold text-slate-800">
          What this changes
        </h3>
        {change === null ? (
          <p className="mt-1 text-sm text-slate-600">Choose an answer to see what it would move.</p>
        ) : preview.isPending ? (
          <p className="mt-1 text-sm text-slate-600">
            <Spinner className="mr-2 size-3" label="Working out the preview" /> Re-asking past
            questions…
          </p>
        ) : preview.error ? (
          <Alert kind="error">{preview.error.message}</Alert>
        ) : preview.data ? (
          <div className="mt-1">
            <PastQuestionMoves preview={preview.data} />
          </div>
        ) : null}
      </section>
      {apply.error ? <Alert kind="error">{apply.error.message}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="cancel" onClick={onClose}>
          Cancel
        </Button>
        <Button
          variant="primary"
          isLoading={apply.isPending}
          disabled={change === null || preview.data === undefined}
          onClick={onApply}
        >
          Apply
        </Button>
      </div>
    </div>
  );
}
