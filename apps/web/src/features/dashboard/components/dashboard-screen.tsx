import { BarChart3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { RecentActivityList } from '@/components/recent-activity';
import { buildBreadcrumbs } from '@/lib/breadcrumbs';
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
 * (`Welcome to Conversa Studio`, spec §2), beside the user's avatar.
 */
export function DashboardScreen({
  avatar,
  displayName,
}: {
  avatar: ReactNode;
  displayName: string;
}) {
  const [welcome] = buildBreadcrumbs(DASHBOARD_PATH);
  return (
    <div className="space-y-8">
      <header className="flex items-center gap-4">
        {avatar}
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {welcome?.label}
          </h1>
          <p className="mt-1 text-slate-600">Signed in as {displayName}</p>
        </div>
      </header>
      <div className="grid gap-6 xl:grid-cols-5">
        <div className="space-y-6 xl:col-span-3">
          <Panel title="Recent storyfiles">
            <RecentStoryfilesPanel />
          </Panel>
          <Panel title="Overview">
            <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
              <BarChart3 className="size-8 text-slate-400" aria-hidden="true" />
              <p className="mt-3 font-medium text-slate-800">No figures to show yet</p>
              <p className="mt-1 max-w-md text-sm text-slate-600">
                Once visitors talk to your storyfiles, the number of conversations and the questions
                asked most will be summed up here.
              </p>
            </div>
          </Panel>
        </div>
        <div className="xl:col-span-2">
          <Panel title="Recent activity">
            <RecentActivityList />
          </Panel>
        </div>
      </div>
    </div>
  );
}
