import { MEMBER_SEARCH_OPTIONS, MEMBER_STATUSES, type CurrentUser } from '@conversa/contracts';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListStates } from '@/components/list/list-states';

import { ListSearchBox } from '@/components/list/list-search-box';
import { ListPagingBar } from '@/components/list/list-paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';

import { Button } from '@/components/ui/button';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format';
import type { SearchOption } from '@/lib/search-box';
import { messageOf } from '@/lib/api-client';
import {
  useDeleteUserAccount,
  useMembers,
  useRemoveMember,
  useSetPlatformAdmin,
  useUpdateMember,
} from '../api/members';
import { useOrganizations } from '../api/organizations';

import { getGrantableScopes, OrganizationSelect, SELECT_CLASS } from './fields';

import { InviteDialog } from './invite-dialog';
import type { PendingAction } from './member-row';
import { MemberRow, STATUS_LABELS, describePendingAction } from './member-row';

export const SEARCH_OPTIONS: SearchOption[] = MEMBER_SEARCH_OPTIONS.map((option) => ({
  value: option.value,
  label: option.label,
  isActive: option.active,
  isDisabled: option.disabled,
}));

export function MembersPanel({ user }: { user: CurrentUser }) {
  const [query, updateQuery] = useListQuery();
  const [pageSize] = usePageSize();
  const [params, setParams] = useSearchParams();
  const organizationId = params.get('organizationId') ?? undefined;
  const statusParam = params.get('status');
  const status = MEMBER_STATUSES.find((value) => value === statusParam);
  const organizations = useOrganizations();
  const list = useMembers({ ...query, pageSize, organizationId, status });
  const [isInviting, setIsInviting] = useState(false);
  const [pending, setPending] = useState<PendingAction>(null);
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const deleteAccount = useDeleteUserAccount();
  const setPlatformAdmin = useSetPlatformAdmin();
  const toast = useToast();
  const statusId = useId();
  const page = list.data;
  const orgItems = organizations.data?.items ?? [];

  const setParam = (name: string, value: string | undefined) =>
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

  const pendingText = pending ? describePendingAction(pending) : null;
  const confirm = () => {
    if (!pending) {
      return;
    }
    const { member } = pending;
    const done = (message: string) => ({
      onSuccess: () => {
        toast.showToast({ kind: 'success', message });
        setPending(null);
      },
      onError: (error: unknown) => {
        toast.showToast({
          kind: 'error',
          message: messageOf(error, 'An error occurred while updating data.'),
        });
        setPending(null);
      },
    });
    if (pending.kind === 'suspend') {
      update.mutate(
        { organizationId: member.organizationId, userId: member.id, isSuspended: true },
        done('Suspended.'),
      );
    } else if (pending.kind === 'remove') {
      remove.mutate(
        { organizationId: member.organizationId, userId: member.id },
        done('Removed from the organization.'),
      );
    } else if (pending.kind === 'grant-admin' || pending.kind === 'revoke-admin') {
      const isAdmin = pending.kind === 'grant-admin';
      setPlatformAdmin.mutate(
        { userId: member.id, isAdmin },
        done(isAdmin ? 'Made Super Admin.' : 'Super Admin removed.'),
      );
    } else {
      deleteAccount.mutate(member.id, done('Account deleted.'));
    }
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 basis-full flex-wrap items-end gap-3 md:basis-0 md:flex-1">
          <OrganizationSelect
            organizations={orgItems}
            value={organizationId}
            onChange={(id) => setParam('organizationId', id)}
            allowAll
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={statusId} className="text-sm font-medium text-slate-700">
              Status
            </label>
            <select
              id={statusId}
              className={SELECT_CLASS}
              value={status ?? ''}
              onChange={(event) => setParam('status', event.target.value || undefined)}
            >
              <option value="">Any status</option>
              {MEMBER_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <ListSearchBox options={SEARCH_OPTIONS} label="Search users" placeholder="Search users" />
        </div>
        <Button
          variant="primary"
          icon={<UserPlus className="size-4" aria-hidden="true" />}
          disabled={orgItems.length === 0}
          onClick={() => setIsInviting(true)}
        >
          Invite people
        </Button>
      </div>
      {page ? (
        <p className="text-sm text-slate-600" aria-live="polite">
          {list.isFetching ? <Spinner className="mr-2 size-3" label="Updating" /> : null}
          {formatCount(page.total, 'person', 'people')}
        </p>
      ) : null}
      <ListStates
        query={list}
        loadingLabel="Loading users"
        isEmpty={(data) => data.items.length === 0}
        empty={
          query.search
            ? 'Nobody matches this search.'
            : 'Nobody here yet. Invite people to get started.'
        }
      >
        {(data) => (
          <HorizontalScroll
            label="Users"
            className="rounded-xl border border-slate-200 bg-white px-4"
          >
            {/* Fixed columns: a 120-character name wraps inside its own column instead of
              squeezing the others to a letter a line. 62rem fits the content beside the left
              menu at 1366 px, so every action shows whole there (issue 68: "Rem…"); narrower,
              the box scrolls sideways with its cue. */}
            <table className="w-full min-w-[62rem] table-fixed text-left">
              <caption className="sr-only">Users</caption>
              <colgroup>
                <col className="w-[11rem]" />
                <col className="w-[8rem]" />
                <col className="w-[11rem]" />
                <col className="w-[6rem]" />
                <col className="w-[6rem]" />
                <col className="w-[7rem]" />
                <col className="w-[13rem]" />
              </colgroup>
              <thead>
                <tr className="text-xs tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="py-2 pr-3 whitespace-nowrap">
                    Name
                  </th>
                  <th scope="col" className="py-2 pr-3 whitespace-nowrap">
                    Organization
                  </th>
                  <th scope="col" className="py-2 pr-3 whitespace-nowrap">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-3 whitespace-nowrap">
                    Teams
                  </th>
                  <th scope="col" className="py-2 pr-3 whitespace-nowrap">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3 whitespace-nowrap">
                    Last sign-in
                  </th>
                  <th scope="col" className="py-2 whitespace-nowrap">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((member) => (
                  <MemberRow
                    key={`${member.organizationId}-${member.kind}-${member.id}`}
                    user={user}
                    member={member}
                    scopes={getGrantableScopes(
                      user,
                      orgItems.find((item) => item.id === member.organizationId),
                    )}
                    onAction={setPending}
                  />
                ))}
              </tbody>
            </table>
          </HorizontalScroll>
        )}
      </ListStates>
      <ListPagingBar
        list={page}
        page={query.page}
        onPageChange={(next, options) => updateQuery({ page: next }, options)}
      />
      {isInviting ? (
        <InviteDialog
          user={user}
          organizations={orgItems}
          defaultOrganizationId={organizationId}
          isOpen
          onOpenChange={setIsInviting}
        />
      ) : null}
      <ConfirmDialog
        isOpen={pending !== null}
        onCancel={() => setPending(null)}
        title={pendingText?.title ?? ''}
        description={pendingText?.description ?? ''}
        confirmText={pendingText?.confirmText ?? ''}
        isPending={
          update.isPending ||
          remove.isPending ||
          deleteAccount.isPending ||
          setPlatformAdmin.isPending
        }
        onConfirm={confirm}
      />
    </div>
  );
}
