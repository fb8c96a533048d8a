import {
  getScopeDisplayName,
  type CurrentUser,
  type Member,
  type MemberStatus,
} from '@conversa/contracts';

import { UserAvatar } from '@/components/avatar';

import { Button } from '@/components/ui/button';

import { useToast } from '@/components/ui/toast';
import { formatUsDateTime } from '@/lib/format';
import { messageOf } from '@/lib/api-client';
import { useUpdateMember } from '../api/members';

import type { getGrantableScopes } from './fields';
import { ScopeSelect } from './fields';

export const STATUS_LABELS: Record<MemberStatus, string> = {
  active: 'Active',
  invited: 'Invited',
  suspended: 'Suspended',
};

export type PendingAction = {
  kind: 'suspend' | 'remove' | 'delete' | 'grant-admin' | 'revoke-admin';
  member: Member;
} | null;

/** The confirmation each action asks for: title, question, confirm button. */
export function describePendingAction(pending: NonNullable<PendingAction>) {
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

export function MemberRow({
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
