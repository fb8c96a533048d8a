import { type PromoClient, type PromoCode } from '@conversa/contracts';
import { Copy, Trash2 } from 'lucide-react';

import { Button } from '@/components/ui/button';

import { cn } from '@/components/ui/cn';

import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';

import type { useUpdatePromoCode } from '../api/promo-codes';

import {
  buildSignupLink,
  CLIENT_STATUS_LABELS,
  describeCodeState,
  formatDate,
  describeCodeLimits,
  describeTrialLength,
  formatRemainingUses,
  formatUsage,
} from '../utils/format';

import { Fact, STATUS_CLASSES } from './promo-code-facts';
import { PromoNote } from './promo-note';
import type { Confirmation } from './promo-code-facts';

/** One promo code: its terms, its sign-up link, switching it on or off, deleting it. */
export function PromoCodeRow({
  code,
  origin,
  updateCode,
  copy,
  setConfirmation,
}: {
  code: PromoCode;
  origin: string;
  updateCode: ReturnType<typeof useUpdatePromoCode>;
  copy: (text: string, message: string) => void;
  setConfirmation: (confirmation: Confirmation) => void;
}) {
  const toast = useToast();
  return (
    <li
      aria-label={`Promo code ${code.code}`}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-lg font-semibold break-all text-slate-900">{code.code}</p>
          {code.description ? <PromoNote note={code.description} /> : null}
          <p className="text-sm text-slate-700">{describeCodeState(code)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <label className="flex min-h-6 items-center gap-2 text-sm font-medium text-slate-700">
            <input
              type="checkbox"
              role="switch"
              className="size-6 accent-brand-600"
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
                        message: messageOf(error, 'An error occurred while updating data.'),
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
            onClick={() => copy(buildSignupLink(origin, code.code), 'Sign-up link copied.')}
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
        <Fact label="Trial length">{describeTrialLength(code.trialDays)}</Fact>
        <Fact label="Limits">{describeCodeLimits(code)}</Fact>
        <Fact label="Redemptions">{code.redemptionCount}</Fact>
        <Fact label="Remaining uses">{formatRemainingUses(code)}</Fact>
        <Fact label="Expires">{code.expiresAt ? formatDate(code.expiresAt) : 'Never'}</Fact>
      </dl>
    </li>
  );
}

/** One client that redeemed a code: its trial, and converting, ending or revoking it. */
export function PromoClientRow({
  client,
  copy,
  setExtending,
  setConfirmation,
}: {
  client: PromoClient;
  copy: (text: string, message: string) => void;
  setExtending: (client: PromoClient) => void;
  setConfirmation: (confirmation: Confirmation) => void;
}) {
  const isOpen = client.status === 'trial' || client.status === 'expired';
  return (
    <li
      aria-label={`Client ${client.organizationLabel}`}
      className="rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{client.organizationLabel}</p>
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
          {formatUsage(client.usage.recordedAnswers, client.usage.recordedAnswerLimit)}
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
                onClick={() => copy(client.verificationLink ?? '', 'Verification link copied.')}
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
}
