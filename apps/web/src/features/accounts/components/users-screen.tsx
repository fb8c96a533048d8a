import {
  MEMBER_SEARCH_OPTIONS,
  MEMBER_STATUSES,
  findRoute,
  getScopeDisplayName,
  type CurrentUser,
  type Member,
  type MemberStatus,
} from '@conversa/contracts';
import { UserPlus } from 'lucide-react';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ListStates } from '@/components/list/list-states';
import { UserAvatar } from '@/components/avatar';
import { ListSearchBox } from '@/components/list/list-search-box';
import { PagingBar } from '@/components/list/paging-bar';
import { useListQuery, usePageSize } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';

import { Button } from '@/components/ui/button';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatCount, formatUsDateTime } from '@/lib/format';
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
import { AuditPanel } from './audit-panel';
import { getGrantableScopes, OrganizationSelect, ScopeSelect, SELECT_CLASS } from './fields';
import { InvitationsPanel } from './invitations-panel';
import { InviteDialog } from './invite-dialog';

const SEARCH_OPTIONS: SearchOption[] = MEMBER_SEARCH_OPTIONS.map((option) => ({
  value: option.value,
  label: option.label,
  isActive: option.active,
  isDisabled: option.disabled,
}));

const TABS = [
  { id: 'members', label: 'Members' },
  { id: 'invitations', label: 'Invitations' },
  { id: 'audit', label: 'Audit' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  suspended: 'Suspended',
};

type PendingAction = {
  kind: 'suspend' | 'remove' | 'delete' | 'grant-admin' | 'revoke-admin';
  member: Member;
} | null;

/** The confirmation each action asks for: title, question, confirm button. */
function describePendingAction(pending: NonNullable<PendingAction>) {
  const { member } = pending;
  switch (pending.kind) {
    case 'suspend':
      return {
        title: 'Suspend',
        description: `Suspend ${member.displayName} in ${member.organizationLabel}? Their sessions end at once; you can reactivate them later.`,
        confirmText: 'Suspend',
      };
    case 'remove':
      return {
        title: 'Remove from organization',
        description: `Remove ${member.displayName} from ${member.organizationLabel}? Their account stays.`,
        confirmText: 'Remove',
      };
    case 'delete':
      return {
        title: 'Delete account',
        description: `Delete the account of ${member.displayName}? Their name and email are anonymised; their storyfiles and chat logs stay. This cannot be undone.`,
        confirmText: 'Delete account',
      };
    case 'grant-admin':
      return {
        title: 'Make Super Admin',
        description: `Make ${member.displayName} a "Super Admin"? They will see and change every organization of the studio, and make other Super Admins.`,
        confirmText: 'Make Super Admin',
      };
    case 'revoke-admin':
      return {
        title: 'Remove Super Admin',
        description: `Take "Super Admin" from ${member.displayName}? They keep their roles in their organizations. The studio always keeps one Super Admin.`,
        confirmText: 'Remove Super Admin',
      };
  }
}

function MemberRow({
  user,
  member,
  scopes,
  onAction,
}: {
  user: CurrentUser;
  member: Member;
  scopes: ReturnType<typeof getGrantableScopes>;
  onAction: (action: PendingAction) => void;
}) {
  const update = useUpdateMember();
  const toast = useToast();
  const isInvitation = member.kind === 'invitation';
  return (
    <tr className="border-t border-slate-200 align-top">
      <td className="py-3 pr-3">
        <div className="flex min-w-0 items-center gap-3">
          {isInvitation ? (
            <span
              className="inline-grid size-8 shrink-0 place-items-center rounded-full bg-slate-200 text-xs text-slate-700"
              aria-hidden="true"
            >
              ?
            </span>
          ) : (
            <UserAvatar iam={member.id} alt="" size="sm" isActive={member.status === 'active'} />
          )}
          <div className="min-w-0">
            <p className="font-medium wrap-anywhere text-slate-900">{member.displayName}</p>
            <p className="text-sm break-all text-slate-600">{member.email}</p>
          </div>
        </div>
      </td>
      <td className="py-3 pr-3 text-sm">
        <div className="wrap-anywhere">{member.organizationLabel}</div>
      </td>
      <td className="py-3 pr-3">
        {isInvitation ? (
          <span className="text-sm">{getScopeDisplayName(member.scope)}</span>
        ) : (
          <ScopeSelect
            label={`Role of ${member.displayName} in ${member.organizationLabel}`}
            isLabelHidden
            value={member.scope}
            scopes={scopes}
            disabled={update.isPending}
            onChange={(scope) =>
              scope &&
              update.mutate(
                { organizationId: member.organizationId, userId: member.id, scope },
                {
                  onSuccess: () => toast.showToast({ kind: 'success', message: 'Role changed.' }),
                  onError: (error) =>
                    toast.showToast({
                      kind: 'error',
                      message: messageOf(error, 'An error occurred while updating data.'),
                    }),
                },
              )
            }
          />
        )}
        {member.effectiveScope !== member.scope ? (
          <p className="mt-1 text-xs text-slate-600">
            {`${getScopeDisplayName(member.effectiveScope)} through a team`}
          </p>
        ) : null}
      </td>
      <td className="py-3 pr-3 text-sm">
        <div className="wrap-anywhere">
          {member.teams.length > 0 ? member.teams.map((team) => team.name).join(', ') : '—'}
        </div>
      </td>
      <td className="py-3 pr-3 text-sm whitespace-nowrap">{STATUS_LABELS[member.status]}</td>
      <td className="py-3 pr-3 text-sm">
        {member.lastSignInAt ? formatUsDateTime(member.lastSignInAt) : 'Never'}
      </td>
      <td className="py-3">
        {isInvitation ? null : (
          <div className="flex flex-wrap gap-2">
            {member.status === 'suspended' ? (
              <Button
                size="sm"
                variant="default"
                idText={`Reactivate ${member.organizationId} ${member.id}`}
                isLoading={update.isPending}
                onClick={() =>
                  update.mutate(
                    {
                      organizationId: member.organizationId,
                      userId: member.id,
                      isSuspended: false,
                    },
                    {
                      onSuccess: () =>
                        toast.showToast({ kind: 'success', message: 'Reactivated.' }),
                      onError: (error) =>
                        toast.showToast({
                          kind: 'error',
                          message: messageOf(error, 'An error occurred while updating data.'),
                        }),
                    },
                  )
                }
              >
                Reactivate
              </Button>
            ) : (
              <Button
                size="sm"
                variant="default"
                idText={`Suspend ${member.organizationId} ${member.id}`}
                onClick={() => onAction({ kind: 'suspend', member })}
              >
                Suspend
              </Button>
            )}
            <Button
              size="sm"
              variant="default"
              idText={`Remove ${member.organizationId} ${member.id}`}
              onClick={() => onAction({ kind: 'remove', member })}
            >
              Remove
            </Button>
            {user.isAdmin ? (
              <Button
                size="sm"
                variant="default"
                idText={`Super Admin ${member.organizationId} ${member.id}`}
                onClick={() =>
                  onAction({ kind: member.isAdmin ? 'revoke-admin' : 'grant-admin', member })
                }
              >
                {member.isAdmin ? 'Remove Super Admin' : 'Make Super Admin'}
              </Button>
            ) : null}
            {user.isAdmin ? (
              <Button
                size="sm"
                variant="default"
                idText={`Delete account ${member.organizationId} ${member.id}`}
                onClick={() => onAction({ kind: 'delete', member })}
              >
                Delete account
              </Button>
            ) : null}
          </div>
        )}
      </td>
    </tr>
  );
}

function MembersPanel({ user }: { user: CurrentUser }) {
  const [query, updateQuery] = useListQuery();
  const [pageSize, setPageSize] = usePageSize();
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
              squeezing the others to a letter a line. */}
            <table className="w-full min-w-[69rem] table-fixed text-left">
              <caption className="sr-only">Users</caption>
              <colgroup>
                <col className="w-[14rem]" />
                <col className="w-[10rem]" />
                <col className="w-[11rem]" />
                <col className="w-[7rem]" />
                <col className="w-[7rem]" />
                <col className="w-[8rem]" />
                <col className="w-[12rem]" />
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
      {page && page.total > 0 ? (
        <PagingBar
          page={query.page}
          pageCount={page.pageCount}
          pageSize={pageSize}
          onPageChange={(next, options) => updateQuery({ page: next }, options)}
          onPageSizeChange={(next) => {
            setPageSize(next);
            updateQuery({ page: 1 });
          }}
        />
      ) : null}
      {isInviting ? (
        <InviteDialog user={user} organizations={orgItems} isOpen onOpenChange={setIsInviting} />
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

/** /account/users: members, invitations and the audit log of the organizations the viewer owns. */
export function UsersScreen({ user }: { user: CurrentUser }) {
  const [params, setParams] = useSearchParams();
  const tab: TabId = TABS.find((item) => item.id === params.get('tab'))?.id ?? 'members';
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute('/account/users')?.label ?? 'Users'}
        description="People of your organizations: invite them, set their roles, suspend or remove them, and see who changed what."
      />
      <div
        role="tablist"
        aria-label="Users sections"
        className="flex gap-1 border-b border-slate-200"
      >
        {TABS.map((item) => (
          <button
            key={item.id}
            type="button"
            role="tab"
            id={`tab-${item.id}`}
            aria-selected={tab === item.id}
            aria-controls={`panel-${item.id}`}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${tab === item.id ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            onClick={() =>
              setParams(() => {
                const next = new URLSearchParams();
                if (item.id !== 'members') {
                  next.set('tab', item.id);
                }
                return next;
              })
            }
          >
            {item.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'members' ? (
          <MembersPanel user={user} />
        ) : tab === 'invitations' ? (
          <InvitationsPanel />
        ) : (
          <AuditPanel />
        )}
      </div>
    </div>
  );
}
