import type { AskResponse, ConfidenceClass } from '@conversa/contracts';
import { ArrowUpRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import {
  buildQuestionLink,
  CONFIDENCE_DETAILS,
  describeDecision,
  describeStoryTurn,
  explainConfidence,
  SCORING_LABELS,
  isMisheard,
  MISHEARD_ADVICE,
  SCORED_WHILE_PREPARING,
} from '../utils/explanation';
import { formatScore } from '@/lib/format';

const TONE_CLASSES = {
  good: 'bg-green-50 text-green-800 ring-green-200',
  fair: 'bg-amber-50 text-amber-900 ring-amber-200',
  poor: 'bg-slate-100 text-slate-700 ring-slate-300',
} as const;

export function ConfidenceBadge({ confidence }: { confidence: ConfidenceClass }) {
  const details = CONFIDENCE_DETAILS[confidence];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
        TONE_CLASSES[details.tone],
      )}
    >
      {details.label}
    </span>
  );
}

function NotRecordedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200">
      Not recorded
    </span>
  );
}

function Term({ children }: { children: string }) {
  return (
    <li className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
      {children}
    </li>
  );
}

/**
 * "Why this answer", for the author: the decision, the best match's score and confidence class
 * against the threshold in force, what matched, and the runners-up, each linked to its question
 * in the script.
 */
export function AnswerExplanation({
  storyfileId,
  result,
}: {
  storyfileId: string;
  result: AskResponse | null;
}) {
  if (result === null) {
    return (
      <p className="text-sm text-slate-600">
        Ask a question to see which answer the storyfile picks, how sure it is, and what came close.
      </p>
    );
  }
  const [best, ...others] = result.candidates;
  const { decision } = result;
  const answeredId = decision.kind === 'answer' ? decision.questionId : null;
  // An unrecorded best match is named like an answer: it is what the author should record next.
  const unrecordedId =
    decision.kind === 'fallback' && decision.reason === 'not-recorded' ? decision.questionId : null;
  const matchedId = answeredId ?? unrecordedId;
  const top = matchedId
    ? (result.candidates.find((candidate) => candidate.questionId === matchedId) ?? best)
    : best;
  const runnersUp = matchedId ? result.candidates.filter((candidate) => candidate !== top) : others;
  const confidence = result.confidence ?? top?.confidence ?? null;
  const score = result.score ?? top?.score ?? null;
  // A story choice is the ink story's pick, not the matcher's: it has a choice, not a score.
  const storyTurn = decision.kind === 'story' && result.story ? result.story : null;
  // Scored by words alone while the script's meaning is prepared after an edit: said wherever the
  // confidence line does not say it already (nothing to compare, an exact match, a misheard
  // question), as the matching settings say it (issue 44, item 4).
  const isPreparing = result.scoring === 'words-preparing' && storyTurn === null;
  const isPreparingSaidBelow =
    isPreparing && confidence !== null && confidence !== 'exact' && !isMisheard(decision);

  return (
    <div className="space-y-4 text-sm">
      {isPreparing && !isPreparingSaidBelow ? (
        <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          {SCORED_WHILE_PREPARING}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2">
        <dt className="font-medium text-slate-600">Decision</dt>
        <dd className="font-semibold text-slate-900">
          {describeDecision(result.decision, result.clarification)}
        </dd>
        {result.questionText && answeredId ? (
          <>
            <dt className="font-medium text-slate-600">Question</dt>
            <dd>
              <Link
                to={buildQuestionLink(storyfileId, answeredId)}
                className="font-medium text-brand-700 hover:underline"
              >
                {result.questionText}
              </Link>
            </dd>
          </>
        ) : null}
        {unrecordedId && top ? (
          <>
            <dt className="font-medium text-slate-600">Matched question</dt>
            <dd>
              <Link
                to={buildQuestionLink(storyfileId, unrecordedId)}
                className="font-medium text-brand-700 hover:underline"
              >
                {top.questionText}
              </Link>{' '}
              <NotRecordedBadge />
              <p className="mt-1 text-slate-600">
                Record an answer to this question and the storyfile will play it.
              </p>
            </dd>
          </>
        ) : null}
        {storyTurn ? (
          <>
            <dt className="font-medium text-slate-600">
              {storyTurn.turn === 'choice' ? 'Choice taken' : 'Story'}
            </dt>
            <dd className="text-slate-900">{describeStoryTurn(storyTurn)}</dd>
          </>
        ) : (
          <>
            <dt className="font-medium text-slate-600">Score</dt>
            <dd className="text-slate-900 tabular-nums">
              {formatScore(score)}{' '}
              <span className="text-slate-500">(threshold {formatScore(result.threshold)})</span>
            </dd>
            {result.scoring ? (
              <>
                <dt className="font-medium text-slate-600">Scored by</dt>
                <dd className="text-slate-900">{SCORING_LABELS[result.scoring]}</dd>
              </>
            ) : null}
            <dt className="font-medium text-slate-600">Confidence</dt>
            <dd>
              {confidence === null ? (
                <span className="text-slate-500">Nothing to compare</span>
              ) : (
                <>
                  <ConfidenceBadge confidence={confidence} />
                  {isMisheard(decision) ? (
                    <p className="mt-1 text-slate-600">
                      {MISHEARD_ADVICE}{' '}
                      <Link
                        to="/training/custom_words"
                        className="font-medium text-brand-700 hover:underline"
                      >
                        Custom words
                      </Link>
                    </p>
                  ) : (
                    <p className="mt-1 text-slate-600">
                      {explainConfidence(confidence, top, {
                        ...(result.scoring ? { scoring: result.scoring } : {}),
                        ...(runnersUp[0] ? { next: runnersUp[0] } : {}),
                      })}
                    </p>
                  )}
                </>
              )}
            </dd>
          </>
        )}
        {top ? (
          <>
            <dt className="font-medium text-slate-600">
              {matchedId ? 'Matched phrasing' : 'Closest phrasing'}
            </dt>
            <dd className="text-slate-900">“{top.matchedPhrasing}”</dd>
            <dt className="font-medium text-slate-600">Matched terms</dt>
            <dd>
              {top.matchedTerms.length === 0 ? (
                <span className="text-slate-500">None</span>
              ) : (
                <ul aria-label="Matched terms" className="flex flex-wrap gap-1">
                  {top.matchedTerms.map((term) => (
                    <Term key={term}>{term}</Term>
                  ))}
                </ul>
              )}
            </dd>
          </>
        ) : null}
      </dl>
      {!matchedId && top ? (
        <p className="text-slate-600">
          Closest question:{' '}
          <Link
            to={buildQuestionLink(storyfileId, top.questionId)}
            className="font-medium text-brand-700 hover:underline"
          >
            {top.questionText}
          </Link>
          {/* "Far from every recorded question" may name an unrecorded one: say which it is. */}
          {top.isRecorded ? null : (
            <>
              {' '}
              <NotRecordedBadge />
            </>
          )}
        </p>
      ) : null}
      {runnersUp.length > 0 ? (
        <div>
          <h4 className="mb-2 font-semibold text-slate-800">Next candidates</h4>
          <ol className="space-y-2">
            {runnersUp.map((candidate, index) => (
              <li
                key={candidate.questionId}
                className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2"
              >
                <span className="w-5 shrink-0 text-xs font-semibold text-slate-500 tabular-nums">
                  {index + 2}.
                </span>
                <div className="min-w-0 flex-1">
                  <Link
                    to={buildQuestionLink(storyfileId, candidate.questionId)}
                    className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                  >
                    {candidate.questionText}
                    <ArrowUpRight className="size-3.5" aria-hidden="true" />
                  </Link>
                  <p className="text-xs text-slate-500">
                    {candidate.topicName} · matched “{candidate.matchedPhrasing}”
                  </p>
                  {candidate.isRecorded ? null : <NotRecordedBadge />}
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="text-slate-900 tabular-nums">
                    {formatScore(candidate.score)}
                  </span>
                  <ConfidenceBadge confidence={candidate.confidence} />
                </div>
              </li>
            ))}
          </ol>
        </div>
      ) : null}
    </div>
  );
}
