import { DEFAULT_BRAND } from '@conversa/contracts';
import type { ReactNode } from 'react';
import { useBrand } from '@/components/brand';
import { RecentActivityList } from '@/components/recent-activity';
import { buildBreadcrumbs } from '@/lib/breadcrumbs';
import { useDashboardFigures } from '../api/get-dashboard-figures';
import {
  ConversationsPerDay,
  FigureCards,
  FiguresError,
  TopFallbackQuestions,
} from './dashboard-figures';
import { RecentStoryfilesPanel } from './recent-storyfiles-panel';

const DASHBOARD_PATH = '/dashboard';

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The dashboard's frame: /dashboard has no top bar, so its first crumb is the page heading
 * (`Welcome to Conversa Studio`, spec §2: "Welcome to the product", so a branded deployment's
 * own name), beside the user's avatar; then the figures of the
 * user's namespaces, the conversations chart, the questions that fell back and recent work.
 */
export function DashboardScreen({
  avatar,
  displayName,
  notice,
}: {
  avatar: ReactNode;
  displayName: string;
  /** Shown under the heading: the sign of failed uploads (issue 44, item 5). */
  notice?: ReactNode;
}) {
  const [welcome] = buildBreadcrumbs(DASHBOARD_PATH);
  const brand = useBrand();
  const heading = brand.id === DEFAULT_BRAND.id ? welcome?.label : `Welcome to ${brand.name}`;
  const figures = useDashboardFigures();
  return (
    <div className="space-y-8">
      <header className="flex items-center gap-4">
        {avatar}
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {heading}
          </h1>
          <p className="mt-1 text-slate-600">Signed in as {displayName}</p>
        </div>
      </header>
      {notice}
      {figures.error ? (
        <FiguresError message={figures.error.message} onRetry={() => void figures.refetch()} />
      ) : (
        <FigureCards figures={figures.data} />
      )}
      {/* grid-cols-1 is minmax(0, 1fr): an implicit auto column grows to its content's
          max-content width, and the chart's SVG (width 100%, no intrinsic width) then drew the
          page about 5,000 px wide below xl. min-w-0 keeps long names from widening a column. */}
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-5">
        <div className="min-w-0 space-y-6 xl:col-span-3">
          <Panel title="Conversations per day">
            {figures.error ? (
              <p className="text-sm text-slate-600">The chart needs the figures above.</p>
            ) : (
              <ConversationsPerDay figures={figures.data} />
            )}
          </Panel>
          <Panel title="Questions that fell back">
            {figures.error ? (
              <p className="text-sm text-slate-600">This list needs the figures above.</p>
            ) : (
              <TopFallbackQuestions figures={figures.data} />
            )}
          </Panel>
        </div>
        <div className="min-w-0 space-y-6 xl:col-span-2">
          <Panel title="Recent storyfiles">
            <RecentStoryfilesPanel />
          </Panel>
          <Panel title="Recent activity">
            <RecentActivityList />
          </Panel>
        </div>
      </div>
    </div>
  );
}
