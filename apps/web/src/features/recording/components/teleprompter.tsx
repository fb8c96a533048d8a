import type { RecordTargetItem } from '../utils/targets';
import type { TargetStatus } from '../utils/upload-state';
import { TargetStatusIcon, TargetStatusText } from './target-status';

/**
 * What to answer, large enough to read from a step back: the question and its topic, or the
 * clip and what to say in it. Sits right above the camera so the eyes stay near the lens.
 */
export function Teleprompter({
  item,
  questionCount,
  status,
}: {
  item: RecordTargetItem;
  questionCount: number;
  status: TargetStatus;
}) {
  const { target } = item;
  const isQuestion = target.kind === 'question';
  return (
    <section
      aria-label="Teleprompter"
      aria-live="polite"
      className="bg-slate-900 px-6 py-5 text-white"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs font-semibold tracking-wider text-brand-200 uppercase">
          {isQuestion ? (
            <>
              Question {item.questionNumber} of {questionCount}
              <span className="text-slate-400"> · </span>
              <span className="text-slate-300 normal-case">Topic: {target.topicName}</span>
            </>
          ) : (
            <>Clip · {target.label}</>
          )}
        </p>
        <span className="inline-flex items-center gap-1.5 rounded-full bg-white px-2.5 py-0.5">
          <TargetStatusIcon tone={status.tone} className="size-3.5" />
          <TargetStatusText status={status} />
        </span>
      </div>
      {isQuestion ? (
        <p
          data-testid="teleprompter-text"
          className="mt-3 text-2xl leading-snug font-semibold text-balance md:text-3xl"
        >
          {target.questionText}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm font-medium text-slate-300">Say something like:</p>
          <p
            data-testid="teleprompter-text"
            className="mt-1 text-2xl leading-snug font-semibold text-balance md:text-3xl"
          >
            {item.prompt?.trim()
              ? item.prompt
              : 'No prompt yet: add one in the Clips of the Script tab.'}
          </p>
        </>
      )}
    </section>
  );
}
