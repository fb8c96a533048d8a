import { MAX_TRIAL_DAYS, type PromoClient } from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { messageOf } from '@/lib/api-client';
import { usePromoClientAction } from '../api/promo-clients';
import { formatDate } from '../utils/format';
import { INPUT_CLASS } from './fields';

/** Extends a client's trial by some days (from today when it has already ended). */
export function ExtendTrialDialog({
  client,
  onClose,
  onDone,
}: {
  client: PromoClient | null;
  onClose: () => void;
  onDone: (client: PromoClient) => void;
}) {
  const action = usePromoClientAction();
  const id = useId();
  const [days, setDays] = useState('14');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (client) {
      action.mutate(
        { kind: 'extend', id: client.id, days: Number(days) },
        { onSuccess: (updated) => onDone(updated) },
      );
    }
  };
  return (
    <Modal
      isOpen={client !== null}
      onOpenChange={(open) => {
        if (!open) {
          action.reset();
          onClose();
        }
      }}
      title="Extend trial"
      description={
        client
          ? `${client.organizationLabel}: the trial ends ${formatDate(client.trialEndsAt)}. An ended trial is extended from today.`
          : undefined
      }
    >
      <form onSubmit={submit} className="space-y-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            Days to add
          </label>
          <input
            id={id}
            type="number"
            min={1}
            max={MAX_TRIAL_DAYS}
            required
            className={INPUT_CLASS}
            value={days}
            onChange={(event) => setDays(event.target.value)}
          />
        </div>
        {action.error ? (
          <Alert kind="error">
            {messageOf(action.error, 'An error occurred while updating data.')}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" isLoading={action.isPending}>
            Extend trial
          </Button>
        </div>
      </form>
    </Modal>
  );
}
