import { findRoute, type PromoClient, type PromoCode } from '@conversa/contracts';
import { Copy, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { cn } from '@/components/ui/cn';

import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { usePromoClientAction, usePromoClients } from '../api/promo-clients';
import { useDeletePromoCode, usePromoCodes, useUpdatePromoCode } from '../api/promo-codes';
import {
  buildSignupLink,
  CLIENT_STATUS_LABELS,
  describeCodeState,
  formatDate,
  formatRemainingUses,
  formatUsage,
} from '../utils/format';
import { CreatePromoCodeDialog } from './create-promo-code-dialog';
import { ExtendTrialDialog } from './extend-trial-dialog';

const STATUS_CLASSES: Record<PromoClient['status'], string> = {
  trial: 'bg-brand-50 text-brand-800',
  expired: 'bg-amber-50 text-amber-900',
  converted: 'bg-green-50 text-green-800',
  revoked: 'bg-slate-100 text-slate-700',
};

type Confirmation =
  { kind: 'convert' | 'end' | 'revoke'; client: PromoClient } | { kind: 'delete'; code: PromoCode };

const CONFIRM_TEXT = {
  convert: {
    title: 'Convert to conversa-studio',
    confirm: 'Convert',
    description: (label: string) =>
      `${label} leaves the trial: its limits and end no longer apply, and its members get the conversa-studio group.`,
  },
  end: {
    title: 'End trial now',
    confirm: 'End trial',
    description: (label: string) =>
      `${label} becomes read-only at once: viewing and playing still work, creating and uploading do not, until you extend or convert it.`,
  },
  revoke: {
    title: 'Revoke redemption',
    confirm: 'Revoke',
    description: (label: string) =>
      `${label} loses its trial and becomes read-only; the code gets this use back. The person cannot redeem the code again.`,
  },
  delete: {
    title: 'Delete promo code',
    confirm: 'Delete',
    description: (label: string) =>
      `Nobody has redeemed ${label}, so it can be deleted. Its sign-up link stops working.`,
  },
} as const;

const DONE_TEXT = {
  convert: 'converted to conversa-studio',
  end: 'trial ended',
  revoke: 'redemption revoked',
} as const;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** /promo_codes/clients: promo codes that open free trials, and the clients that came through them. */
export function PromoCodesScreen() {
  const codes = usePromoCodes();
  const clients = usePromoClients();
  const updateCode = useUpdatePromoCode();
  const deleteCode = useDeletePromoCode();
  const clientAction = usePromoClientAction();
  const toast = useToast();
  const [isCreating, setIsCreating] = useState(false);
  const [extending, setExtending] = useState<PromoClient | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const origin = window.location.origin;

  const copy = (text: string, message: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => toast.showToast({ kind: 'success', message }),
      () => undefined,
    );
  };
  const confirm = () => {
    if (!confirmation) {
      return;
    }
    if (confirmation.kind === 'delete') {
      deleteCode.mutate(confirmation.code.id, {
        onSuccess: () => {
          setConfirmation(null);
          toast.showToast({ kind: 'success', message: 'Promo code deleted.' });
        },
        onError: (error) =>
          toast.showToast({
            kind: 'error',
            message: messageOf(error, 'An error occurred while deleting data.'),
          }),
      });
      return;
    }
    const { kind, client } = confirmation;
    clientAction.mutate(
      { kind, id: client.id },
      {
        onSuccess: () => {
          setConfirmation(null);
          toast.showToast({
            kind: 'success',
            message: `${client.organizationLabel}: ${DONE_TEXT[kind]}.`,
          });
        },
        onError: (error) =>
          toast.showToast({
            kind: 'error',
            message: messageOf(error, 'An error occurred while updating data.'),
          }),
      },
    );
  };
  const confirmLabel =
    confirmation === null
      ? ''
      : confirmation.kind === 'delete'
        ? confirmation.code.code
        : confirmation.client.organizationLabel;

  return (
    <div className="space-y-8">
      <PageHeader
        title={findRoute('/promo_codes/clients')?.label ?? 'Promo Codes'}
        description="Codes that let a new client start a free trial on their own, and the organizations that came through them."
        actions={
          <Button
            variant="primary"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => setIsCreating(true)}
          >
            New promo code
          </Button>
        }
      />

      <section aria-labelledby="promo-codes-heading" className="space-y-3">
        <h2 id="promo-codes-heading" className="text-lg font-semibold text-slate-900">
          Codes
        </h2>
        <ListStates
          query={codes}
          loadingLabel="Loading promo codes"
          isEmpty={(data) => data.items.length === 0}
          empty="No promo codes yet. Create one to let a new client start a free trial."
        >
          {(data) => (
            <ul className="space-y-3" aria-label="Promo codes">
              {data.items.map((code) => (
                <li
                  key={code.id}
                  aria-label={`Promo code ${code.code}`}
                  className="rounded-xl border border-slate-200 bg-white p-4"
                >
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-mono text-lg font-semibold break-all text-slate-900">
                        {code.code}
                      </p>
                      {code.description ? (
                        <p className="text-sm break-words text-slate-600">{code.description}</p>
                      ) : null}
                      <p className="text-sm text-slate-700">{describeCodeState(code)}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
                        <input
                          type="checkbox"
                          role="switch"
                          className="size-4 accent-brand-600"
                          checked={code.isActive}
                          aria-checked={code.isActive}
                          disabled={updateCode.isPending}
                          onChange={(event) =>
                            updateCode.mutate(
                              { id: code.id, isActive: event.target.checked },
                              {
                                onError: (error) =>
                                  toast.showToast({
                                    kind: 'error',
                                    message: messageOf(
                                      error,
                                      'An error occurred while updating data.',
                                    ),
                                  }),
                              },
                            )
                          }
                        />
                        Active
                      </label>
                      <Button
                        size="sm"
                        variant="default"
                        icon={<Copy className="size-4" aria-hidden="true" />}
                        idText={`Copy sign-up link ${code.id}`}
                        aria-label={`Copy the sign-up link of ${code.code}`}
                        onClick={() =>
                          copy(buildSignupLink(origin, code.code), 'Sign-up link copied.')
                        }
                      >
                        Sign-up link
                      </Button>
                      {code.totalRedemptions === 0 ? (
                        <Button
                          size="sm"
                          variant="text"
                          icon={<Trash2 className="size-4" aria-hidden="true" />}
                          idText={`Delete ${code.id}`}
                          aria-label={`Delete ${code.code}`}
                          onClick={() => setConfirmation({ kind: 'delete', code })}
                        />
                      ) : null}
                    </div>
                  </div>
                  <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
                    <Fact label="Grants">{code.grantsGroup}</Fact>
                    <Fact label="Trial length">{code.trialDays} days</Fact>
                    <Fact label="Limits">
                      {code.storyfileLimit ?? 'Any'} storyfiles, {code.recordedAnswerLimit ?? 'any'}{' '}
                      recorded answers
                    </Fact>
                    <Fact label="Redemptions">{code.redemptionCount}</Fact>
                    <Fact label="Remaining uses">{formatRemainingUses(code)}</Fact>
                    <Fact label="Expires">
                      {code.expiresAt ? formatDate(code.expiresAt) : 'Never'}
                    </Fact>
                  </dl>
                </li>
              ))}
            </ul>
          )}
        </ListStates>
      </section>

      <section aria-labelledby="promo-clients-heading" className="space-y-3">
        <h2 id="promo-clients-heading" className="text-lg font-semibold text-slate-900">
          Clients
        </h2>
        <ListStates
          query={clients}
          loadingLabel="Loading clients"
          isEmpty={(data) => data.items.length === 0}
          empty="Nobody has redeemed a promo code yet."
        >
          {(data) => (
            <ul className="space-y-3" aria-label="Clients">
              {data.items.map((client) => {
                const isOpen = client.status === 'trial' || client.status === 'expired';
                return (
                  <li
                    key={client.id}
                    aria-label={`Client ${client.organizationLabel}`}
                    className="rounded-xl border border-slate-200 bg-white p-4"
                  >
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-semibold break-words text-slate-900">
                          {client.organizationLabel}
                        </p>
                        <p className="text-sm break-all text-slate-700">
                          {client.ownerName ? `${client.ownerName} · ` : ''}
                          {client.ownerEmail}
                        </p>
                      </div>
                      <span
                        className={cn(
                          'rounded-full px-2.5 py-0.5 text-sm font-medium',
                          STATUS_CLASSES[client.status],
                        )}
                      >
                        {CLIENT_STATUS_LABELS[client.status]}
                      </span>
                    </div>
                    <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
                      <Fact label="Code">
                        <span className="font-mono">{client.code}</span>
                      </Fact>
                      <Fact label="Redeemed">{formatDate(client.redeemedAt)}</Fact>
                      <Fact label="Trial ends">{formatDate(client.trialEndsAt)}</Fact>
                      <Fact label="Storyfiles">
                        {formatUsage(client.usage.storyfiles, client.usage.storyfileLimit)}
                      </Fact>
                      <Fact label="Recorded answers">
                        {formatUsage(
                          client.usage.recordedAnswers,
                          client.usage.recordedAnswerLimit,
                        )}
                      </Fact>
                    </dl>
                    {client.isEmailVerified ? null : (
                      <div className="mt-3 space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                        <p>Email not verified yet.</p>
                        {client.verificationLink ? (
                          <div className="flex flex-wrap items-center gap-2">
                            <input
                              readOnly
                              aria-label={`Verification link for ${client.ownerEmail}`}
                              className="h-8 min-w-0 flex-1 rounded border border-amber-300 bg-white px-2 font-mono text-xs text-slate-900"
                              value={client.verificationLink}
                              onFocus={(event) => event.target.select()}
                            />
                            <Button
                              size="sm"
                              variant="default"
                              icon={<Copy className="size-4" aria-hidden="true" />}
                              idText={`Copy verification link ${client.id}`}
                              onClick={() =>
                                copy(client.verificationLink ?? '', 'Verification link copied.')
                              }
                            >
                              Copy
                            </Button>
                          </div>
                        ) : null}
                      </div>
                    )}
                    {client.status === 'converted' ? null : (
                      <div className="mt-3 flex flex-wrap gap-2">
                        {isOpen ? (
                          <Button
                            size="sm"
                            variant="default"
                            idText={`Extend trial ${client.id}`}
                            onClick={() => setExtending(client)}
                          >
                            Extend trial
                          </Button>
                        ) : null}
                        <Button
                          size="sm"
                          variant="default"
                          idText={`Convert ${client.id}`}
                          onClick={() => setConfirmation({ kind: 'convert', client })}
                        >
                          Convert to conversa-studio
                        </Button>
                        {client.status === 'trial' ? (
                          <Button
                            size="sm"
                            variant="default"
                            idText={`End trial ${client.id}`}
                            onClick={() => setConfirmation({ kind: 'end', client })}
                          >
                            End trial
                          </Button>
                        ) : null}
                        {isOpen ? (
                          <Button
                            size="sm"
                            variant="text"
                            idText={`Revoke ${client.id}`}
                            onClick={() => setConfirmation({ kind: 'revoke', client })}
                          >
                            Revoke redemption
                          </Button>
                        ) : null}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </ListStates>
      </section>

      <CreatePromoCodeDialog
        isOpen={isCreating}
        onOpenChange={setIsCreating}
        onCreated={(created) => {
          setIsCreating(false);
          toast.showToast({ kind: 'success', message: `Promo code ${created.code} created.` });
        }}
      />
      <ExtendTrialDialog
        client={extending}
        onClose={() => setExtending(null)}
        onDone={(updated) => {
          setExtending(null);
          toast.showToast({
            kind: 'success',
            message: `${updated.organizationLabel}: the trial now ends ${formatDate(updated.trialEndsAt)}.`,
          });
        }}
      />
      <ConfirmDialog
        isOpen={confirmation !== null}
        onCancel={() => setConfirmation(null)}
        title={confirmation ? CONFIRM_TEXT[confirmation.kind].title : ''}
        description={confirmation ? CONFIRM_TEXT[confirmation.kind].description(confirmLabel) : ''}
        confirmText={confirmation ? CONFIRM_TEXT[confirmation.kind].confirm : ''}
        isPending={clientAction.isPending || deleteCode.isPending}
        onConfirm={confirm}
      />
    </div>
  );
}
