import { findRoute, type PromoClient } from '@conversa/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';

import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { usePromoClientAction, usePromoClients } from '../api/promo-clients';
import { useDeletePromoCode, usePromoCodes, useUpdatePromoCode } from '../api/promo-codes';
import { formatDate } from '../utils/format';
import { CreatePromoCodeDialog } from './create-promo-code-dialog';
import { ExtendTrialDialog } from './extend-trial-dialog';
import type { Confirmation } from './promo-code-facts';
import { PromoClientRow, PromoCodeRow } from './promo-rows';

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
                <PromoCodeRow
                  key={code.id}
                  code={code}
                  origin={origin}
                  updateCode={updateCode}
                  copy={copy}
                  setConfirmation={setConfirmation}
                />
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
              {data.items.map((client) => (
                <PromoClientRow
                  key={client.id}
                  client={client}
                  copy={copy}
                  setExtending={setExtending}
                  setConfirmation={setConfirmation}
                />
              ))}
            </ul>
          )}
        </ListStates>
      </section>

      {/* Mounted only while open: Cancel forgets what was typed, invalid values included. */}
      {isCreating ? (
        <CreatePromoCodeDialog
          isOpen
          onOpenChange={setIsCreating}
          onCreated={(created) => {
            setIsCreating(false);
            toast.showToast({ kind: 'success', message: `Promo code ${created.code} created.` });
          }}
        />
      ) : null}
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
