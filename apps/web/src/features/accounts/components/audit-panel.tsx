import { getScopeDisplayName, SCOPES, type Scope } from '@conversa/contracts';
import { useId, useState } from 'react';
import { ListStates } from '@/components/list/list-states';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { usePageSize } from '@/components/list/use-list-query';

import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatUsDateTime } from '@/lib/format';

import { useAuditEvents } from '../api/audit';
import { useOrganizations } from '../api/organizations';
import { INPUT_CLASS, OrganizationSelect, SELECT_CLASS } from './fields';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';

const ACTION_GROUPS = [
  { value: 'member', label: 'Members' },
  { value: 'invitation', label: 'Invitations' },
  { value: 'team', label: 'Teams' },
  { value: 'whitelist', label: 'Whitelist' },
  { value: 'organization', label: 'Organizations' },
  { value: 'user', label: 'Accounts' },
];

const SCOPE_VALUES: readonly string[] = SCOPES;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * A recorded value as a person reads it: a role by its name (Viewer, not `read:ns`), a time as the
 * console writes times.
 */
function describeValue(item: unknown): string {
  if (typeof item === 'string') {
    if (SCOPE_VALUES.includes(item)) {
      return getScopeDisplayName(item as Scope);
    }
    return ISO_TIME.test(item) ? formatUsDateTime(item) : item;
  }
  return JSON.stringify(item, (_key, value: unknown) =>
    typeof value === 'string' && SCOPE_VALUES.includes(value)
      ? getScopeDisplayName(value as Scope)
      : value,
  );
}

function describeChange(value: Record<string, unknown> | null): string {
  if (!value) {
    return '—';
  }
  return Object.entries(value)
    .map(([key, item]) => `${key}: ${describeValue(item)}`)
    .join('; ');
}

/** The audit log: who changed what, before and after, when; filterable and paged. */
export function AuditPanel() {
  const organizations = useOrganizations();
  const [organizationId, setOrganizationId] = useState<string | undefined>(undefined);
  const [action, setAction] = useState('');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [page, setPage] = useState(1);
  const [pageSize] = usePageSize();
  const list = useAuditEvents({
    organizationId,
    action: action || undefined,
    search: search || undefined,
    page,
    pageSize,
  });
  const actionId = useId();
  const searchId = useId();
  const data = list.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <OrganizationSelect
          organizations={organizations.data?.items ?? []}
          value={organizationId}
          onChange={(id) => {
            setOrganizationId(id);
            setPage(1);
          }}
          allowAll
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={actionId} className="text-sm font-medium text-slate-700">
            Changes to
          </label>
          <select
            id={actionId}
            className={SELECT_CLASS}
            value={action}
            onChange={(event) => {
              setAction(event.target.value);
              setPage(1);
            }}
          >
            <option value="">Everything</option>
            {ACTION_GROUPS.map((group) => (
              <option key={group.value} value={group.value}>
                {group.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-700">
            Who or what
          </label>
          <input
            id={searchId}
            className={`${INPUT_CLASS} w-64`}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.target.value);
              setPage(1);
            }}
          />
        </div>
      </div>
      <ListStates
        query={list}
        loadingLabel="Loading the audit log"
        isEmpty={(data) => data.items.length === 0}
        empty="No changes recorded."
      >
        {(data) => (
          <HorizontalScroll
            label="Audit log"
            className="rounded-xl border border-slate-200 bg-white px-4"
          >
            {/* Fixed columns (issue 68): with automatic ones a long Before or After squeezed WHO
              and WHAT to a letter a line. Below 63rem the box scrolls sideways, with its cue. */}
            <table className="w-full min-w-[63rem] table-fixed text-left text-sm">
              <caption className="sr-only">Audit log</caption>
              <colgroup>
                <col className="w-[8rem]" />
                <col className="w-[10rem]" />
                <col className="w-[12rem]" />
                <col className="w-[9rem]" />
                <col />
                <col />
              </colgroup>
              <thead>
                <tr className="text-xs tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="py-2 pr-3">
                    When
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Who
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    What
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Target
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Before
                  </th>
                  <th scope="col" className="py-2">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((event) => (
                  <tr key={event.id} className="border-t border-slate-200 align-top">
                    <td className="py-2 pr-3">{formatUsDateTime(event.createdAt)}</td>
                    <td className="py-2 pr-3 break-words">{event.actorEmail}</td>
                    <td className="py-2 pr-3 break-words">{event.action}</td>
                    <td className="py-2 pr-3 break-words">
                      {event.targetLabel}
                      {event.organizationLabel ? (
                        <span className="block text-xs text-slate-600">
                          {event.organizationLabel}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3 wrap-anywhere">{describeChange(event.before)}</td>
                    <td className="py-2 wrap-anywhere">{describeChange(event.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </HorizontalScroll>
        )}
      </ListStates>
      <ListPagingBar list={data} page={page} onPageChange={setPage} />
    </div>
  );
}
