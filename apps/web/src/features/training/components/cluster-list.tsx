import {
  describeLooksLike,
  describeLooksLikeUnrecorded,
  type ReviewActionKind,
  type ReviewCluster,
} from '@conversa/contracts';
import { Layers, Sparkles, Video } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, getButtonClassName } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatUsDate } from '@/lib/format';
import { useReviewClusters } from '../api/list-review-clusters';
import { recordQuestionHref } from './record-next-list';

const GROUP_ACTIONS: { kind: ReviewActionKind; label: string }[] = [
  { kind: 'correct', label: 'Correct match' },
  { kind: 'record', label: 'Add to record queue' },
  { kind: 'out-of-scope', label: 'Out of scope' },
  { kind: 'ignore', label: 'Ignore' },
];

/** Groups of similar questions that fell back, got low confidence or a thumbs down; acted on whole. */
export function ClusterList({
  storyfileId,
  canEdit,
  onAct,
  timeZone,
}: {
  storyfileId: string;
  canEdit: boolean;
  /** A correct match; `questionId` when the answer is chosen already (a "looks like" suggestion). */
  onAct: (kind: ReviewActionKind, cluster: ReviewCluster, questionId?: string) => void;
  timeZone?: string;
}) {
  const clusters = useReviewClusters(storyfileId);
  if (clusters.isPending) {
    return <Spinner label="Loading groups" />;
  }
  if (clusters.error) {
    return <Alert kind="error">{clusters.error.message}</Alert>;
  }
  const items = clusters.data.items;
  if (items.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-lg border border-dashed border-slate-300 bg-white p-4 text-sm text-slate-600">
        <Layers className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
        Nothing to group: no open question fell back, got low confidence or a thumbs down in the
        last 90 days.
      </p>
    );
  }
  return (
    <ol className="space-y-2">
      {items.slice(0, 20).map((cluster) => (
        <li
          key={cluster.key}
          className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          aria-label={`Group: ${cluster.representative}`}
        >
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-slate-900">{cluster.representative}</p>
              <p className="mt-0.5 text-xs text-slate-600">
                {formatCount(cluster.count, 'question')} ·{' '}
                {formatCount(cluster.visitors, 'visitor')} · first{' '}
                {formatUsDate(cluster.firstSeen, timeZone)} · last{' '}
                {formatUsDate(cluster.lastSeen, timeZone)}
              </p>
              {cluster.questions.length > 1 ? (
                <ul className="mt-1 flex flex-wrap gap-1">
                  {cluster.questions.slice(1, 6).map((question) => (
                    <li
                      key={question.text}
                      className="rounded-full bg-slate-100 px-2 py-0.5 text-xs wrap-anywhere text-slate-700"
                    >
                      {question.text}
                    </li>
                  ))}
                </ul>
              ) : null}
              {cluster.looksLike?.isRecorded === false ? (
                <ScriptedUnrecorded
                  storyfileId={storyfileId}
                  cluster={cluster}
                  canEdit={canEdit}
                  onAct={onAct}
                />
              ) : cluster.looksLike && canEdit ? (
                <Button
                  size="sm"
                  variant="default"
                  className="mt-2 max-w-full text-left break-words whitespace-normal"
                  onClick={() => onAct('correct', cluster, cluster.looksLike!.questionId)}
                  aria-label={`${describeLooksLike(cluster.looksLike.questionText)}. Add “${cluster.representative}” as its alternate`}
                >
                  <Sparkles className="size-3.5 shrink-0 text-brand-600" aria-hidden="true" />
                  {describeLooksLike(cluster.looksLike.questionText)}
                </Button>
              ) : cluster.looksLike ? (
                <p className="mt-2 text-xs break-words text-slate-600">
                  {describeLooksLike(cluster.looksLike.questionText)}
                </p>
              ) : null}
            </div>
            {canEdit ? (
              <div className="flex flex-wrap gap-1.5">
                {GROUP_ACTIONS.map((action) => (
                  <Button
                    key={action.kind}
                    size="sm"
                    variant={action.kind === 'correct' ? 'primary' : 'default'}
                    // "Correct match" opens on the answer the card suggests, not "Choose an
                    // answer…" beside "looks like: <question>" (issue 44).
                    onClick={() =>
                      action.kind === 'correct' && cluster.looksLike
                        ? onAct(action.kind, cluster, cluster.looksLike.questionId)
                        : onAct(action.kind, cluster)
                    }
                    aria-label={`${action.label}: ${cluster.representative}`}
                  >
                    {action.label}
                  </Button>
                ))}
              </div>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/**
 * A group that means a question the script already has, unrecorded (issue 68): record that one,
 * or add the group's words as its alternates, rather than script the same question twice.
 */
function ScriptedUnrecorded({
  storyfileId,
  cluster,
  canEdit,
  onAct,
}: {
  storyfileId: string;
  cluster: ReviewCluster;
  canEdit: boolean;
  onAct: (kind: ReviewActionKind, cluster: ReviewCluster, questionId?: string) => void;
}) {
  const { questionId, questionText } = cluster.looksLike!;
  return (
    <div className="mt-2 rounded-lg border border-amber-200 bg-amber-50 p-2">
      <p className="text-sm break-words text-amber-900">
        {describeLooksLikeUnrecorded(questionText)}
      </p>
      {canEdit ? (
        <div className="mt-2 flex flex-wrap gap-1.5">
          <Link
            to={recordQuestionHref(storyfileId, questionId)}
            className={getButtonClassName('primary', 'sm')}
            aria-label={`Record “${questionText}”`}
          >
            <Video className="size-3.5" aria-hidden="true" />
            Record it
          </Link>
          <Button
            size="sm"
            onClick={() => onAct('correct', cluster, questionId)}
            aria-label={`Add “${cluster.representative}” as an alternate of “${questionText}”`}
          >
            Add as its alternate
          </Button>
        </div>
      ) : null}
    </div>
  );
}
