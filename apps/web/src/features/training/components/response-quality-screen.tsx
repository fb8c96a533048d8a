import {
  findRoute,
  hasRoleInNamespace,
  NEAR_TIE_MARGIN,
  roleRequiredMessage,
  type CurrentUser,
  type ReviewActionKind,
} from '@conversa/contracts';
import { Inbox } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatCount, formatNumber } from '@/lib/format';
import type { SearchOption } from '@/lib/search-box';
import { useReviewItems } from '../api/list-review-items';
import { StoryfilePicker, useStoryfileOptions } from '@/entities/storyfile';
import { useReviewFilters } from '../hooks/use-review-filters';
import { suggestCorrection } from '../utils/correct-match';
import { toggleSort, toReviewRequestQuery } from '../utils/review-filters';
import { ClusterList } from './cluster-list';
import { ReviewChangeDialog, type ReviewChangeTarget } from './review-change-dialog';
import { ReviewFilterBar } from './review-filter-bar';
import { ReviewHistory } from './review-history';
import { LearnedQuestions } from './learned-questions';
import { ReviewTable } from './review-table';
import { CalibrationPanel, CoveragePanel } from './training-trends';

export const RESPONSE_QUALITY_PATH = '/training/response_quality';

const SEARCH_OPTIONS: SearchOption[] = [
  { value: 'question', label: 'Question', isActive: true, isDisabled: false },
  { value: 'answer', label: 'Answer', isActive: true, isDisabled: false },
];

const ROW_ACTIONS: { kind: ReviewActionKind; label: string }[] = [
  { kind: 'correct', label: 'Correct match' },
  { kind: 'record', label: 'Add to record queue' },
  { kind: 'out-of-scope', label: 'Out of scope' },
  { kind: 'ignore', label: 'Ignore' },
];

/**
 * /training/response_quality: the review loop. Groups of similar questions that went wrong, the
 * inbox of every logged exchange (filters, search, sort, paging in the address), and changes
 * that are previewed before they apply, with their history and undo.
 */
export function ResponseQualityScreen({
  user,
  timeZone,
}: {
  user: CurrentUser;
  timeZone?: string;
}) {
  const { filters, updateFilters, clearFilters } = useReviewFilters();
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const requestQuery = useMemo(
    () => toReviewRequestQuery(filters, { ...listQuery, pageSize }),
    [filters, listQuery, pageSize],
  );
  const list = useReviewItems(requestQuery);
  const storyfiles = useStoryfileOptions();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<ReviewChangeTarget | null>(null);
  const title = findRoute(RESPONSE_QUALITY_PATH)?.label ?? 'Response Quality';

  const storyfileId = filters.storyfileId;
  const storyfile = storyfiles.data?.items.find((option) => option.id === storyfileId);
  const canEdit =
    storyfile !== undefined && hasRoleInNamespace(user, storyfile.namespaceId, 'edit:ns');
  const page = list.data;
  const sort = filters.sort ?? 'createdAt';
  const order = filters.order ?? 'desc';
  const visibleSelected = (page?.items ?? []).filter((item) => selected.has(item.id));

  const actOnSelection = (kind: ReviewActionKind) => {
    if (visibleSelected.length === 0) {
      return;
    }
    // Correct match opens on what the matcher ranked best for the first question (issue 68).
    const questionId = kind === 'correct' ? suggestCorrection(visibleSelected) : undefined;
    setTarget({
      kind,
      entryIds: visibleSelected.map((item) => item.id),
      representative: visibleSelected[0]!.questionText,
      ...(questionId === undefined ? {} : { questionId }),
    });
  };

  let body: ReactNode;
  if (list.isPending) {
    body = <Spinner label="Loading exchanges" />;
  } else if (list.error && page === undefined) {
    body = (
      <div className="space-y-3">
        <Alert kind="error">{list.error.message}</Alert>
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </div>
    );
  } else if (page === undefined || page.total === 0) {
    body = (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <Inbox className="size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 font-semibold text-slate-900">Nothing to review here</p>
        <p className="mt-1 max-w-lg text-sm text-slate-600">
          Questions asked in a storyfile&apos;s Interact tab, its share link or an embed land here
          with the answer they got. Change the filters, or ask some questions first.
        </p>
      </div>
    );
  } else if (page.items.length === 0) {
    body = (
      <div className="space-y-2 text-sm text-slate-600">
        <p>Page {formatNumber(listQuery.page)} is empty.</p>
        <Button onClick={() => updateListQuery({ page: page.pageCount })}>
          Go to the last page
        </Button>
      </div>
    );
  } else {
    body = (
      <ReviewTable
        items={page.items}
        sort={sort}
        order={order}
        onSort={(field) => updateFilters(toggleSort({ sort, order }, field))}
        selected={selected}
        onToggle={(id) =>
          setSelected((current) => {
            const next = new Set(current);
            if (!next.delete(id)) {
              next.add(id);
            }
            return next;
          })
        }
        isSelectable={canEdit}
        onMakeAlternate={
          canEdit
            ? (item) => {
                // One click: the correction to the chosen answer, its preview first.
                if (item.chosenSuggestion) {
                  setTarget({
                    kind: 'correct',
                    entryIds: [item.id],
                    representative: item.questionText,
                    questionId: item.chosenSuggestion.questionId,
                  });
                }
              }
            : undefined
        }
        {...(timeZone === undefined ? {} : { timeZone })}
      />
    );
  }

  return (
    <div className="space-y-8">
      <PageHeader
        title={title}
        description="Review what visitors asked and what they got: correct the matches, queue new questions to record, and see what each change would move before it applies."
      />
      <StoryfilePicker
        storyfileId={storyfileId}
        emptyLabel="All storyfiles"
        onChange={(next) => {
          setSelected(new Set());
          updateFilters({ storyfileId: next });
        }}
      />

      {storyfileId === undefined ? (
        <p className="rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-700">
          Choose a storyfile to see its groups of questions to review and to correct them.
        </p>
      ) : (
        <Section title="Groups to review">
          {canEdit ? null : (
            <p className="text-sm text-slate-600">
              {roleRequiredMessage('edit:ns')} to change them.
            </p>
          )}
          <ClusterList
            storyfileId={storyfileId}
            canEdit={canEdit}
            onAct={(kind, cluster, questionId) =>
              setTarget({
                kind,
                entryIds: cluster.entryIds,
                representative: cluster.representative,
                ...(questionId === undefined ? {} : { questionId }),
                ...(cluster.looksLike?.isRecorded === false ? { scripted: cluster.looksLike } : {}),
              })
            }
            {...(timeZone === undefined ? {} : { timeZone })}
          />
        </Section>
      )}

      <Section title="All exchanges">
        <ListSearchBox options={SEARCH_OPTIONS} label="Search exchanges" />
        <ReviewFilterBar filters={filters} onChange={updateFilters} onClear={clearFilters} />
        <p className="text-xs text-slate-500">
          A near-tie is an exchange whose two best answers scored within{' '}
          {NEAR_TIE_MARGIN.toFixed(2)} of each other.
        </p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {page === undefined ? null : (
              <>
                {list.isFetching ? <Spinner className="mr-2 size-3" label="Updating" /> : null}
                {page.isTotalEstimated ? 'About ' : null}
                {formatCount(page.total, 'exchange')}
              </>
            )}
          </p>
          {canEdit && visibleSelected.length > 0 ? (
            <div
              className="flex flex-wrap items-center gap-1.5"
              role="group"
              aria-label="Act on the selected questions"
            >
              <span className="text-sm text-slate-700">
                {formatNumber(visibleSelected.length)} selected:
              </span>
              {ROW_ACTIONS.map((action) => (
                <Button
                  key={action.kind}
                  size="sm"
                  variant={action.kind === 'correct' ? 'primary' : 'default'}
                  onClick={() => actOnSelection(action.kind)}
                >
                  {action.label}
                </Button>
              ))}
            </div>
          ) : null}
        </div>
        {list.error && page !== undefined ? <Alert kind="error">{list.error.message}</Alert> : null}
        {body}
        <ListPagingBar
          list={page}
          page={listQuery.page}
          onPageChange={(next, options) => updateListQuery({ page: next }, options)}
        />
      </Section>

      {storyfileId === undefined ? null : (
        <Section title="Changes made">
          <ReviewHistory
            storyfileId={storyfileId}
            canEdit={canEdit}
            {...(timeZone === undefined ? {} : { timeZone })}
          />
        </Section>
      )}

      {storyfileId === undefined ? null : (
        <Section title="Learned from visitors">
          <LearnedQuestions
            storyfileId={storyfileId}
            canEdit={canEdit}
            onAccept={(accepted) => setTarget({ kind: 'correct', ...accepted, isAccepting: true })}
            {...(timeZone === undefined ? {} : { timeZone })}
          />
        </Section>
      )}

      {storyfileId === undefined ? null : (
        <Section title="Coverage over time">
          <CoveragePanel storyfileId={storyfileId} />
        </Section>
      )}

      {storyfileId === undefined ? null : (
        <Section title="Out-of-scope threshold">
          <CalibrationPanel storyfileId={storyfileId} canEdit={canEdit} />
        </Section>
      )}

      {storyfileId === undefined ? null : (
        <ReviewChangeDialog
          storyfileId={storyfileId}
          target={target}
          onRetarget={setTarget}
          onClose={() => {
            setTarget(null);
            setSelected(new Set());
          }}
        />
      )}
    </div>
  );
}
