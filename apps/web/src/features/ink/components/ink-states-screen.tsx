import { type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  INK_STATE_COMPATIBILITIES,
  INK_STATE_COMPATIBILITY_LABELS,
  type ListInkStatesQuery,
} from '@conversa/contracts';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

import { Spinner } from '@/components/ui/spinner';

import { formatCount, formatNumber } from '@/lib/format';
import { useInkStates } from '../api/ink-states';

import { StoryfilePicker } from '@/entities/storyfile';

import { StatesTable } from './states-table';
import { StatePanel } from './state-detail';
import { CONTROL } from './ink-classes';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function readDay(value: string | null): string | undefined {
  return value !== null && DAY.test(value) ? value : undefined;
}

/**
 * View Inky States (`/training/view_inky_states`, platform admins): every conversation with an
 * ink state, filtered and paged in the address, and one state in full with a read-only replay.
 */
export function InkStatesScreen() {
  const [params, setParams] = useSearchParams();
  const [listQuery, updateListQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const storyfileId = params.get('storyfileId');
  const from = readDay(params.get('from'));
  const to = readDay(params.get('to'));
  const compatibilityParam = params.get('compatibility');
  const compatibility = INK_STATE_COMPATIBILITIES.find((value) => value === compatibilityParam);
  const conversationId = params.get('conversationId');
  const query: ListInkStatesQuery = {
    page: listQuery.page,
    pageSize,
    ...(storyfileId ? { storyfileId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(compatibility ? { compatibility } : {}),
  };
  const list = useInkStates(query);
  const page = list.data;
  const setFilter = (name: string, value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) {
        next.set(name, value);
      } else {
        next.delete(name);
      }
      next.delete('page');
      return next;
    });
  const hrefWith = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) {
      next.set('conversationId', id);
    } else {
      next.delete('conversationId');
    }
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
  const hasFilters = Boolean(storyfileId || from || to || compatibility);

  let body: ReactNode;
  if (list.isPending) {
    body = <Spinner label="Loading ink states" />;
  } else if (list.isError && !page) {
    body = (
      <div className="space-y-3">
        <Alert kind="error">{list.error.message}</Alert>
        <Button onClick={() => void list.refetch()}>Try again</Button>
      </div>
    );
  } else if (!page || page.total === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
        {hasFilters ? (
          <>
            <p>No conversation with an ink state matches these filters.</p>
            <Button className="mt-3" onClick={() => setParams({})}>
              Clear filters
            </Button>
          </>
        ) : (
          <p>
            No conversation has an ink state yet. Publish a story on the Ink Story screen; each
            conversation with that storyfile then keeps its state here.
          </p>
        )}
      </div>
    );
  } else if (page.items.length === 0) {
    body = (
      <div className="text-sm text-slate-600">
        <p>Page {formatNumber(listQuery.page)} is empty.</p>
        <Button className="mt-2" onClick={() => updateListQuery({ page: page.pageCount })}>
          Go to the last page
        </Button>
      </div>
    );
  } else {
    body = <StatesTable items={page.items} detailHref={hrefWith} />;
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1">
          <StoryfilePicker
            storyfileId={storyfileId ?? undefined}
            onChange={(id) => setFilter('storyfileId', id ?? '')}
            emptyLabel="All storyfiles"
            isSearchable
          />
        </div>
        <label className="flex w-full flex-col text-sm text-slate-700 sm:w-40">
          Active from
          <input
            type="date"
            className={CONTROL}
            value={from ?? ''}
            onChange={(event) => setFilter('from', event.target.value)}
          />
        </label>
        <label className="flex w-full flex-col text-sm text-slate-700 sm:w-40">
          Active to
          <input
            type="date"
            className={CONTROL}
            value={to ?? ''}
            onChange={(event) => setFilter('to', event.target.value)}
          />
        </label>
        <label className="flex w-full flex-col text-sm text-slate-700 sm:w-64">
          Compatibility
          <select
            className={CONTROL}
            value={compatibility ?? ''}
            onChange={(event) => setFilter('compatibility', event.target.value)}
          >
            <option value="">Any</option>
            {INK_STATE_COMPATIBILITIES.map((value) => (
              <option key={value} value={value}>
                {INK_STATE_COMPATIBILITY_LABELS[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {page ? formatCount(page.total, 'conversation') : null}
      </p>
      {body}
      <ListPagingBar
        list={page}
        page={listQuery.page}
        onPageChange={(next, options) => updateListQuery({ page: next }, options)}
      />
      {conversationId ? (
        <StatePanel conversationId={conversationId} closeHref={hrefWith(null)} />
      ) : null}
    </div>
  );
}
