import { findRoute, type PopularEntry } from '@conversa/contracts';
import { Eye, EyeOff, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { ListStates } from '@/components/list/list-states';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatUsDateTime } from '@/lib/format';
import { messageOf } from '@/lib/api-client';
import { usePopular, useSetPopularHidden } from '../api/popular';
import { explainPopularScore, formatPopularScore } from '../utils/popular';
import { UPDATE_FAILED } from './messages';

/** /storyfiles/popular: storyfiles in the app ranked by recent visitors; admins hide entries. */
export function PopularScreen() {
  const [query, updateQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const list = usePopular({ page: query.page, pageSize });
  const setHidden = useSetPopularHidden();
  const { showToast } = useToast();
  const [hiding, setHiding] = useState<PopularEntry | null>(null);
  const page = list.data;

  const change = (entry: PopularEntry, hidden: boolean) =>
    setHidden.mutate(
      { storyfileId: entry.storyfileId, hidden },
      {
        onSuccess: () => {
          setHiding(null);
          showToast({
            kind: 'success',
            message: hidden
              ? `${entry.name} is hidden from Popular.`
              : `${entry.name} is back in Popular.`,
          });
        },
        onError: (error) => showToast({ kind: 'error', message: messageOf(error, UPDATE_FAILED) }),
      },
    );

  return (
    <div className="space-y-4">
      <PageHeader
        title={findRoute('/storyfiles/popular')?.label ?? 'Popular'}
        description="Computed, not typed: distinct public visitors of the last 30 days, each weighed by how recently they came. Studio tests and the storyfile's own team do not count."
      />
      {page ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.isFetching ? <Spinner className="mr-2 size-3" label="Updating" /> : null}
          Computed {formatUsDateTime(page.computedAt)}
        </p>
      ) : null}
      <ListStates
        query={list}
        loadingLabel="Loading popular storyfiles"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <div className="flex items-start gap-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            <TrendingUp className="size-5 shrink-0 text-slate-500" aria-hidden="true" />
            <p>
              No storyfile in the app has had public visitors in the last 30 days. Visits through
              share links and embeds count here.
            </p>
          </div>
        }
      >
        {(data) => (
          <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {data.items.map((entry, index) => (
              <li
                key={entry.storyfileId}
                data-testid="popular-entry"
                className="flex flex-wrap items-center gap-3 p-4"
              >
                <span className="w-8 text-sm font-medium text-slate-600 tabular-nums">
                  {(data.page - 1) * data.pageSize + index + 1}.
                </span>
                <div className="min-w-0 flex-1 basis-48">
                  <p className="font-semibold break-words text-slate-900">
                    {entry.name}
                    {entry.isHidden ? (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">
                        Hidden
                      </span>
                    ) : null}
                  </p>
                  <p className="text-sm break-words text-slate-600">{entry.organizationLabel}</p>
                  <p className="text-sm text-slate-700">{explainPopularScore(entry)}</p>
                </div>
                <dl className="flex shrink-0 gap-4 text-sm">
                  <div>
                    <dt className="text-slate-600">Score</dt>
                    <dd className="font-semibold text-slate-900 tabular-nums">
                      {formatPopularScore(entry.score)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">7 days</dt>
                    <dd className="tabular-nums">{entry.visitors7}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600">30 days</dt>
                    <dd className="tabular-nums">{entry.visitors30}</dd>
                  </div>
                </dl>
                <Button
                  variant="outline"
                  icon={
                    entry.isHidden ? (
                      <Eye className="size-4" aria-hidden="true" />
                    ) : (
                      <EyeOff className="size-4" aria-hidden="true" />
                    )
                  }
                  aria-label={`${entry.isHidden ? 'Show' : 'Hide'}: ${entry.name}`}
                  isLoading={
                    setHidden.isPending && setHidden.variables?.storyfileId === entry.storyfileId
                  }
                  onClick={() => (entry.isHidden ? change(entry, false) : setHiding(entry))}
                >
                  {entry.isHidden ? 'Show' : 'Hide'}
                </Button>
              </li>
            ))}
          </ol>
        )}
      </ListStates>
      <ListPagingBar
        list={page}
        page={query.page}
        onPageChange={(next, options) => updateQuery({ page: next }, options)}
      />
      <ConfirmDialog
        isOpen={hiding !== null}
        onCancel={() => setHiding(null)}
        title="Hide from Popular"
        description={`Hide ${hiding?.name ?? ''} from the app's popular list? It stays in the app and in Featured; the change is recorded in the audit log.`}
        confirmText="Hide"
        isPending={setHidden.isPending}
        onConfirm={() => hiding && change(hiding, true)}
      />
    </div>
  );
}
