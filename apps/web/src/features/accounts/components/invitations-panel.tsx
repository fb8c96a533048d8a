import {
  getScopeDisplayName,
  INVITATION_STATUSES,
  type InvitationResult,
  type InvitationStatus,
} from '@conversa/contracts';
import { useId, useState } from 'react';
import { ListStates } from '@/components/list/list-states';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { useToast } from '@/components/ui/toast';
import { formatUsDateTime } from '@/lib/format';
import { messageOf } from '@/lib/api-client';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/invitations';
import { SELECT_CLASS } from './fields';
import { InvitationLinks } from './invite-dialog';
import { HorizontalScroll } from '@/components/ui/horizontal-scroll';

const STATUS_LABELS: Record<InvitationStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** Invitations as records: pending, accepted, expired, revoked; resend renews, revoke ends. */
export function InvitationsPanel() {
  const [status, setStatus] = useState<InvitationStatus | undefined>(undefined);
  const list = useInvitations(status ? { status } : {});
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const toast = useToast();
  const [revoking, setRevoking] = useState<{ id: string; email: string } | null>(null);
  const [resent, setResent] = useState<InvitationResult | null>(null);
  const statusId = useId();
  const items = list.data?.items ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-1">
        <label htmlFor={statusId} className="text-sm font-medium text-slate-700">
          Status
        </label>
        <select
          id={statusId}
          className={`${SELECT_CLASS} w-48`}
          value={status ?? ''}
          onChange={(event) =>
            setStatus((event.target.value || undefined) as InvitationStatus | undefined)
          }
        >
          <option value="">Any status</option>
          {INVITATION_STATUSES.map((value) => (
            <option key={value} value={value}>
              {STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </div>
      {resent ? <InvitationLinks results={[resent]} /> : null}
      <ListStates
        query={list}
        loadingLabel="Loading invitations"
        isEmpty={() => items.length === 0}
        empty="No invitations."
      >
        {() => (
          <HorizontalScroll
            label="Invitations"
            className="rounded-xl border border-slate-200 bg-white px-4"
          >
            <table className="w-full min-w-[760px] text-left text-sm">
              <caption className="sr-only">Invitations</caption>
              <thead>
                <tr className="text-xs tracking-wide text-slate-600 uppercase">
                  <th scope="col" className="py-2 pr-3">
                    Email
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Organization
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Role
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Status
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    Expires
                  </th>
                  <th scope="col" className="py-2">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.map((invitation) => (
                  <tr key={invitation.id} className="border-t border-slate-200">
                    <td className="py-2 pr-3 break-all">{invitation.email}</td>
                    <td className="py-2 pr-3 break-words">{invitation.organizationLabel}</td>
                    <td className="py-2 pr-3">{getScopeDisplayName(invitation.scope)}</td>
                    <td className="py-2 pr-3">{STATUS_LABELS[invitation.status]}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">
                      {formatUsDateTime(invitation.expiresAt)}
                    </td>
                    <td className="py-2">
                      {invitation.status === 'pending' || invitation.status === 'expired' ? (
                        <div className="flex gap-2">
                          <Button
                            size="sm"
                            variant="default"
                            idText={`Resend ${invitation.id}`}
                            isLoading={resend.isPending && resend.variables === invitation.id}
                            onClick={() =>
                              resend.mutate(invitation.id, {
                                onSuccess: (result) => {
                                  setResent(result);
                                  toast.showToast({
                                    kind: 'success',
                                    message: result.isEmailSent
                                      ? 'Invitation sent again.'
                                      : 'New link ready to copy.',
                                  });
                                },
                                onError: (error) =>
                                  toast.showToast({
                                    kind: 'error',
                                    message: messageOf(
                                      error,
                                      'An error occurred while pushing data.',
                                    ),
                                  }),
                              })
                            }
                          >
                            Resend
                          </Button>
                          {invitation.status === 'pending' ? (
                            <Button
                              size="sm"
                              variant="default"
                              idText={`Revoke ${invitation.id}`}
                              onClick={() =>
                                setRevoking({ id: invitation.id, email: invitation.email })
                              }
                            >
                              Revoke
                            </Button>
                          ) : null}
                        </div>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </HorizontalScroll>
        )}
      </ListStates>
      <ConfirmDialog
        isOpen={revoking !== null}
        onCancel={() => setRevoking(null)}
        title="Revoke invitation"
        description={`Revoke the invitation of ${revoking?.email ?? ''}? Its link stops working.`}
        confirmText="Revoke"
        isPending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              toast.showToast({ kind: 'success', message: 'Invitation revoked.' });
              setRevoking(null);
            },
            onError: (error) => {
              toast.showToast({
                kind: 'error',
                message: messageOf(error, 'An error occurred while updating data.'),
              });
              setRevoking(null);
            },
          })
        }
      />
    </div>
  );
}
