import {
  DASHBOARD_CHART_DAYS,
  DASHBOARD_RECENT_DAYS,
  type DashboardFigures,
} from '@conversa/contracts';
import { BarChart3, MessageCircleQuestion } from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatCount, formatNumber } from '@/lib/format';
import { FALLBACK_CHAT_LOGS_URL, formatShare, getFallbackQuestionUrl } from '../utils/figures';

// The chart is drawn only here: its own chunk, fetched when the dashboard shows it.
const ConversationsChart = lazy(() =>
  import('./conversations-chart').then((module) => ({ default: module.ConversationsChart })),
);

function ZeroState({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof BarChart3;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <Icon className="size-8 text-slate-400" aria-hidden="true" />
      <p className="mt-3 font-medium text-slate-800">{title}</p>
      <div className="mt-1 max-w-md text-sm text-slate-600">{children}</div>
    </div>
  );
}

function ChartSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-48 animate-pulse items-end gap-1 px-2">
      {Array.from({ length: DASHBOARD_CHART_DAYS }, (_, index) => (
        <div
          key={index}
          className="flex-1 rounded-t bg-slate-100"
          style={{ height: `${20 + ((index * 37) % 70)}%` }}
        />
      ))}
    </div>
  );
}

type Card = { label: string; value: string; hint: string };

function getCards(figures: DashboardFigures): Card[] {
  return [
    {
      label: 'Storyfiles',
      value: formatNumber(figures.storyfileCount),
      hint: 'in your namespaces',
    },
    {
      label: 'Answers recorded',
      value: formatNumber(figures.answersRecorded),
      hint: 'answer videos ready to play',
    },
    {
      label: 'Conversations',
      value: formatNumber(figures.conversationsLast7Days),
      hint: `in the last ${DASHBOARD_RECENT_DAYS} days`,
    },
    {
      label: 'Questions that fell back',
      value: formatShare(figures.fallbackShare),
      hint:
        figures.fallbackShare === null
          ? `no questions in the last ${DASHBOARD_CHART_DAYS} days`
          : `of the last ${DASHBOARD_CHART_DAYS} days' questions; ${formatShare(figures.askedBackShare ?? 0)} more were asked back`,
    },
  ];
}

/** The four headline figures, or their skeletons while they load. */
export function FigureCards({ figures }: { figures: DashboardFigures | undefined }) {
  const cards = figures === undefined ? null : getCards(figures);
  return (
    <section aria-label="Figures" aria-busy={cards === null}>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards === null
          ? Array.from({ length: 4 }, (_, index) => (
              <div
                key={index}
                aria-hidden="true"
                className="h-28 animate-pulse rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <div className="h-3 w-1/2 rounded bg-slate-200" />
                <div className="mt-4 h-7 w-1/3 rounded bg-slate-200" />
                <div className="mt-3 h-3 w-2/3 rounded bg-slate-100" />
              </div>
            ))
          : cards.map((card) => (
              <div
                key={card.label}
                className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
              >
                <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
                <dd className="mt-2 text-3xl font-bold tracking-tight text-slate-900 tabular-nums">
                  {card.value}
                </dd>
                <dd className="mt-1 text-xs text-slate-500">{card.hint}</dd>
              </div>
            ))}
      </dl>
    </section>
  );
}

/** Conversations per day over the chart's 30 days; the chart itself loads lazily. */
export function ConversationsPerDay({ figures }: { figures: DashboardFigures | undefined }) {
  if (figures === undefined) {
    return <ChartSkeleton />;
  }
  const total = figures.conversationsPerDay.reduce((sum, day) => sum + day.count, 0);
  if (total === 0) {
    return (
      <ZeroState
        icon={BarChart3}
        title={`No conversations in the last ${DASHBOARD_CHART_DAYS} days`}
      >
        Each day&apos;s conversations with your storyfiles will be charted here: tests in the
        Interact tab, visitors on share links and embeds.
      </ZeroState>
    );
  }
  return (
    <Suspense fallback={<ChartSkeleton />}>
      <ConversationsChart days={figures.conversationsPerDay} />
    </Suspense>
  );
}

/** The questions that fell back most often, each leading to its own fallbacks in the chat logs. */
export function TopFallbackQuestions({ figures }: { figures: DashboardFigures | undefined }) {
  if (figures === undefined) {
    return (
      <ul aria-hidden="true" className="space-y-3">
        {Array.from({ length: 3 }, (_, index) => (
          <li key={index} className="h-5 animate-pulse rounded bg-slate-100" />
        ))}
      </ul>
    );
  }
  if (figures.topFallbackQuestions.length === 0) {
    return (
      <ZeroState icon={MessageCircleQuestion} title="No question fell back">
        {figures.fallbackShare === null
          ? 'Questions your storyfiles could not answer will be listed here, the most frequent first.'
          : `Every question of the last ${DASHBOARD_CHART_DAYS} days found an answer.`}
      </ZeroState>
    );
  }
  return (
    <div className="space-y-3">
      <ol aria-label="Questions that fell back most often" className="divide-y divide-slate-100">
        {figures.topFallbackQuestions.map((question) => (
          <li key={question.text} className="flex items-center justify-between gap-4 py-2.5">
            <Link
              to={getFallbackQuestionUrl(question.text)}
              className="min-w-0 truncate font-medium text-brand-700 hover:text-brand-800 hover:underline"
              title={question.text}
            >
              {question.text}
            </Link>
            <span className="shrink-0 text-sm text-slate-500 tabular-nums">
              {formatCount(question.count, 'time')}
            </span>
          </li>
        ))}
      </ol>
      <Link
        to={FALLBACK_CHAT_LOGS_URL}
        className="inline-block text-sm font-semibold text-brand-700 hover:underline"
      >
        See every fallback in the chat logs
      </Link>
    </div>
  );
}

/** The error of the figures, with a retry. */
export function FiguresError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Alert kind="error" className="flex-1">
        {message}
      </Alert>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  );
}
