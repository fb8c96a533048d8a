import {
  MOBILE_STORYFILE_SEARCH_OPTIONS,
  findRoute,
  type MobileStoryfile,
} from '@conversa/contracts';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListStates } from '@/components/list/list-states';
import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';

import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatCount, formatUsDate } from '@/lib/format';
import type { SearchOption } from '@/lib/search-box';
import { messageOf } from '@/lib/api-client';
import { useMobileStoryfiles, useSetInApp } from '../api/mobile-storyfiles';
import { InAppSwitch } from './in-app-switch';
import { describeEmptyStoryfileWarnings } from '@/lib/save-warnings';
import { UPDATE_FAILED } from './messages';

const SEARCH_OPTIONS: SearchOption[] = MOBILE_STORYFILE_SEARCH_OPTIONS.map((option) => ({
  value: option.value,
  label: option.label,
  isActive: option.active,
  isDisabled: option.disabled,
}));

const FILTERS = [
  { value: '', label: 'All published' },
  { value: 'true', label: 'In the app' },
  { value: 'false', label: 'Not in the app' },
] as const;

/** /mobile/storyfiles: every published storyfile, each with its "in the app" switch. */
export function MobileStoryfilesScreen() {
  const [query, updateQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const [params, setParams] = useSearchParams();
  const filterParam = params.get('inApp');
  const inApp = filterParam === 'true' || filterParam === 'false' ? filterParam : undefined;
  const list = useMobileStoryfiles({ ...query, pageSize, inApp });
  const setInApp = useSetInApp();
  const { showToast } = useToast();
  const [leaving, setLeaving] = useState<MobileStoryfile | null>(null);
  // A storyfile with no questions, asked about before it goes into the app (issue 68).
  const [entering, setEntering] = useState<MobileStoryfile | null>(null);
  const filterId = useId();
  const page = list.data;

  const change = (storyfile: MobileStoryfile, next: boolean) =>
    setInApp.mutate(
      { storyfileId: storyfile.id, inApp: next },
      {
        onSuccess: () => {
          setLeaving(null);
          setEntering(null);
          showToast({
            kind: 'success',
            message: next ? `${storyfile.name} is in the app.` : `${storyfile.name} left the app.`,
          });
        },
        onError: (error) => showToast({ kind: 'error', message: messageOf(error, UPDATE_FAILED) }),
      },
    );

  return (
    <div className="space-y-4">
      <PageHeader
        title={findRoute('/mobile/storyfiles')?.label ?? 'StoryFiles'}
        description="Every published storyfile. Switch on the ones the mobile app offers; a storyfile its owner unpublishes leaves the app at once."
      />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={filterId} className="text-sm font-medium text-slate-700">
            Show
          </label>
          <select
            id={filterId}
            className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
            value={inApp ?? ''}
            onChange={(event) =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                if (event.target.value) {
                  next.set('inApp', event.target.value);
                } else {
                  next.delete('inApp');
                }
                next.delete('page');
                return next;
              })
            }
          >
            {FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0 flex-1 basis-64">
          <ListSearchBox
            options={SEARCH_OPTIONS}
            label="Search storyfiles"
            placeholder="Search storyfiles"
          />
        </div>
      </div>
      {page ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.isFetching ? <Spinner className="mr-2 size-3" label="Updating" /> : null}
          {formatCount(page.total, 'published storyfile')}
        </p>
      ) : null}
      <ListStates
        query={list}
        loadingLabel="Loading storyfiles"
        isEmpty={(data) => data.items.length === 0}
        empty={
          query.search || inApp
            ? 'No published storyfile matches.'
            : 'No storyfile is published yet. Owners publish theirs from the storyfile’s Share tab; they appear here.'
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {data.items.map((storyfile) => (
              <li key={storyfile.id} className="flex items-start gap-3 p-4">
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-slate-900">{storyfile.name}</p>
                  <p className="text-sm break-words text-slate-600">
                    {storyfile.organizationLabel} · {storyfile.language}
                    {storyfile.publishedAt
                      ? ` · published ${formatUsDate(storyfile.publishedAt)}`
                      : ''}
                    {storyfile.isFeatured ? ' · featured' : ''}
                  </p>
                  {storyfile.description ? (
                    <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">
                      {storyfile.description}
                    </p>
                  ) : null}
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <span className="hidden text-sm text-slate-700 sm:inline" aria-hidden="true">
                    {storyfile.inApp ? 'In the app' : 'Not in the app'}
                  </span>
                  <InAppSwitch
                    name={storyfile.name}
                    isOn={storyfile.inApp}
                    isPending={
                      setInApp.isPending && setInApp.variables?.storyfileId === storyfile.id
                    }
                    onChange={(next) =>
                      !next
                        ? setLeaving(storyfile)
                        : describeEmptyStoryfileWarnings(storyfile).length > 0
                          ? setEntering(storyfile)
                          : change(storyfile, true)
                    }
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListStates>
      <ListPagingBar
        list={page}
        page={query.page}
        onPageChange={(next, options) => updateQuery({ page: next }, options)}
      />
      <ConfirmDialog
        isOpen={entering !== null}
        onCancel={() => setEntering(null)}
        title="Put in the app"
        description={`Warning! ${entering ? describeEmptyStoryfileWarnings(entering).join(' ') : ''} Put it in the app anyway?`}
        confirmText="Put in the app anyway"
        isPending={setInApp.isPending}
        onConfirm={() => entering && change(entering, true)}
      />
      <ConfirmDialog
        isOpen={leaving !== null}
        onCancel={() => setLeaving(null)}
        title="Take out of the app"
        description={`Take ${leaving?.name ?? ''} out of the mobile app? It also stops showing in Featured and Popular; you can switch it on again.`}
        confirmText="Take out"
        isPending={setInApp.isPending}
        onConfirm={() => leaving && change(leaving, false)}
      />
    </div>
  );
}
