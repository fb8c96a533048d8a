import { useState } from 'react';
import { PROGRESS_STATES, type Activity } from '@conversa/contracts';
import { ListSearchBox } from '@/components/list/list-search-box';
import { PagingBar } from '@/components/list/paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatCount, formatNumber } from '@/lib/format';
import type { SearchOption } from '@/lib/search-box';
import { fetchWholeRoster, useActivity } from '../api/get-activity';
import { buildRosterCsv, downloadText } from '../utils/csv';
import { formatDate } from '../utils/format-date';
import { ProgressBar, StateBadge } from './progress-bar';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';

const ROSTER_SEARCH_OPTIONS: SearchOption[] = [
  { value: 'name', label: 'Name', isActive: true, isDisabled: false },
  { value: 'email', label: 'Email', isActive: true, isDisabled: false },
];

/**
 * An activity's roster as a list (spec §2 query parameters, §5 paging): one page at a time from
 * the server, searched by name or email, with the count of students in each state.
 */
export function Roster({ activity }: { activity: Activity }) {
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize, setPageSize] = usePageSize();
  const detail = useActivity(activity.id, {
    page: listQuery.page,
    pageSize,
    ...(listQuery.search === '' ? {} : { search: listQuery.search }),
    ...(listQuery.searchOptions.length === 0
      ? {}
      : { searchOptions: listQuery.searchOptions.join(',') }),
  });
  const [isExporting, setIsExporting] = useState(false);
  const { showToast } = useToast();

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      const roster = await fetchWholeRoster(activity.id);
      downloadText(`roster-${activity.id}.csv`, buildRosterCsv(roster));
    } catch (error) {
      showToast({ kind: 'error', message: (error as Error).message });
    } finally {
      setIsExporting(false);
    }
  };

  if (detail.isPending) {
    return <Spinner label="Loading the roster" />;
  }
  if (detail.isError) {
    return <Alert kind="error">{detail.error.message}</Alert>;
  }
  const { roster, total, counts } = detail.data;
  const assigned = PROGRESS_STATES.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
  return (
    <section aria-label={`Roster of ${activity.title}`} className="mt-3 space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">Roster</h3>
        <Button
          size="sm"
          variant="default"
          disabled={assigned === 0 || isExporting}
          onClick={() => void exportCsv()}
        >
          {isExporting ? 'Exporting…' : 'Export CSV'}
        </Button>
      </div>
      {assigned === 0 ? (
        <p className="text-sm text-slate-600">
          Nobody is assigned yet. Edit the activity to assign students.
        </p>
      ) : (
        <>
          <ListSearchBox options={ROSTER_SEARCH_OPTIONS} label="Search students" />
          <p className="text-sm text-slate-600" aria-live="polite">
            {listQuery.search === ''
              ? formatCount(total, 'student')
              : `${formatNumber(total)} of ${formatCount(assigned, 'student')} match`}
          </p>
          {roster.length === 0 ? (
            <p className="text-sm text-slate-600">
              {total === 0 ? 'No student matches this search.' : 'This page is empty.'}
            </p>
          ) : (
            <HorizontalScroll label="Activities">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <thead className="text-xs text-slate-600 uppercase">
                  <tr>
                    <th className="py-1 pr-3">Student</th>
                    <th className="py-1 pr-3">State</th>
                    <th className="py-1 pr-3">Progress</th>
                    <th className="py-1 pr-3">Questions</th>
                    <th className="py-1">Last activity</th>
                  </tr>
                </thead>
                <tbody>
                  {roster.map((row) => (
                    <tr key={row.student.id} className="border-t border-slate-100">
                      <td className="max-w-48 py-2 pr-3 break-all">{row.student.name}</td>
                      <td className="py-2 pr-3">
                        <StateBadge state={row.progress.state} />
                      </td>
                      <td className="py-2 pr-3">
                        <ProgressBar
                          progress={row.progress}
                          label={`Progress of ${row.student.name}`}
                        />
                      </td>
                      <td className="py-2 pr-3 tabular-nums">{row.progress.questionsAsked}</td>
                      <td className="py-2">{formatDate(row.progress.lastAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </HorizontalScroll>
          )}
          <PagingBar
            page={listQuery.page}
            pageCount={detail.data.pageCount}
            pageSize={pageSize}
            onPageChange={(next, options) => updateListQuery({ page: next }, options)}
            onPageSizeChange={(next) => {
              setPageSize(next);
              updateListQuery({ page: 1 });
            }}
          />
        </>
      )}
    </section>
  );
}
