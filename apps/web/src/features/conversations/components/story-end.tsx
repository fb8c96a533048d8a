import { RotateCcw } from 'lucide-react';
import { useId, type Ref } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The end of the story: "The end.", and where the author's story controls are not shown (the
 * public page, a student's activity) "Restart the story", a new conversation from the top, so
 * the visitor need not reload the page to hear it again (issue 68, item 12).
 */
export function StoryEnd({
  canRestart,
  isBusy,
  problem,
  restartRef,
  onRestart,
}: {
  canRestart: boolean;
  isBusy: boolean;
  problem: string | null;
  restartRef: Ref<HTMLButtonElement>;
  onRestart: () => void;
}) {
  const problemId = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm text-slate-600 italic">
          The end.
        </p>
        {canRestart ? (
          <Button
            ref={restartRef}
            size="sm"
            icon={<RotateCcw className="size-4" aria-hidden="true" />}
            disabled={isBusy}
            aria-describedby={problem ? problemId : undefined}
            onClick={onRestart}
          >
            Restart the story
          </Button>
        ) : null}
      </div>
      {canRestart && problem ? (
        <p id={problemId} role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
