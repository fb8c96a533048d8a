import type { Organization, ScimToken } from '@conversa/contracts';
import { Copy, KeyRound } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { formatUsDateTime } from '@/lib/format';
import { messageOf } from '@/lib/api-client';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../api/scim-tokens';
import { INPUT_CLASS } from './fields';

/** A value to copy: read-only field (select on focus) and a Copy button. */
function CopyField({ label, value }: { label: string; value: string }) {
  const toast = useToast();
  return (
    <div className="flex min-w-0 items-center gap-2">
      <input
        readOnly
        aria-label={label}
        className="h-9 min-w-0 flex-1 rounded border border-slate-300 px-2 font-mono text-xs"
        value={value}
        onFocus={(event) => event.target.select()}
      />
      <Button
        size="sm"
        variant="default"
        icon={<Copy className="size-4" aria-hidden="true" />}
        aria-label={`Copy ${label}`}
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(
            () => toast.showToast({ kind: 'success', message: 'Copied.' }),
            () => undefined,
          );
        }}
      >
        Copy
      </Button>
    </div>
  );
}

function statusOf(token: ScimToken): string {
  if (token.revokedAt) {
    return `Revoked ${formatUsDateTime(token.revokedAt)}`;
  }
  return token.lastUsedAt ? `Last used ${formatUsDateTime(token.lastUsedAt)}` : 'Never used';
}

/**
 * SCIM provisioning of one organization: the endpoint, its tokens, issuing one (shown once, only
 * its hash is kept) and revoking one after a confirmation.
 */
export function ScimTokensDialog({
  organization,
  isOpen,
  onOpenChange,
}: {
  organization: Organization;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const list = useScimTokens(organization.id);
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const toast = useToast();
  const [label, setLabel] = useState('');
  const [issued, setIssued] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const labelId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { organizationId: organization.id, label: label.trim() },
      {
        onSuccess: (token) => {
          setIssued(token.token);
          setLabel('');
        },
      },
    );
  };
  const tokens = list.data?.items ?? [];
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={`SCIM provisioning: ${organization.label}`}
      description="Your identity provider (Okta, Entra ID) creates, suspends and removes members and teams here. Give it the endpoint and a token."
      size="lg"
    >
      <div className="space-y-5">
        <form onSubmit={submit} className="space-y-2">
          <label htmlFor={labelId} className="block text-sm font-medium text-slate-800">
            New token for
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={labelId}
              data-autofocus
              className={`${INPUT_CLASS} min-w-0 flex-1`}
              placeholder="Okta"
              maxLength={120}
              value={label}
              onChange={(event) => setLabel(event.target.value)}
            />
            <Button
              type="submit"
              variant="primary"
              icon={<KeyRound className="size-4" aria-hidden="true" />}
              isLoading={create.isPending}
              disabled={label.trim() === ''}
            >
              Create token
            </Button>
          </div>
          {create.error ? (
            <Alert kind="error">
              {messageOf(create.error, 'An error occurred while pushing data.')}
            </Alert>
          ) : null}
        </form>
        {issued ? (
          <div
            className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
            role="status"
          >
            <p className="text-sm font-medium text-slate-900">
              Copy this token now: it is shown only once.
            </p>
            <CopyField label="New SCIM token" value={issued} />
          </div>
        ) : null}
        {list.data ? <CopyField label="SCIM endpoint" value={list.data.baseUrl} /> : null}
        {list.isPending ? (
          <Spinner label="Loading SCIM tokens" />
        ) : list.error ? (
          <Alert kind="error">
            {messageOf(list.error, 'An error occurred while fetching the data.')}
          </Alert>
        ) : tokens.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-sm text-slate-600">
            No SCIM tokens yet.
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="SCIM tokens">
            {tokens.map((token) => (
              <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-slate-900">{token.label}</p>
                  <p className="text-sm text-slate-600">
                    {`Created ${formatUsDateTime(token.createdAt)}${token.createdByEmail ? ` by ${token.createdByEmail}` : ''} · ${statusOf(token)}`}
                  </p>
                </div>
                {token.revokedAt ? null : (
                  <Button
                    size="sm"
                    variant="default"
                    aria-label={`Revoke ${token.label}`}
                    onClick={() => setRevoking(token)}
                  >
                    Revoke
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <ConfirmDialog
        isOpen={revoking !== null}
        onCancel={() => setRevoking(null)}
        title="Revoke SCIM token"
        description={`Revoke "${revoking?.label ?? ''}"? The identity provider using it can no longer provision this organization.`}
        confirmText="Revoke"
        isPending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(
            { organizationId: organization.id, tokenId: revoking.id },
            {
              onSuccess: () => {
                toast.showToast({ kind: 'success', message: 'Token revoked.' });
                setRevoking(null);
              },
              onError: (error) => {
                toast.showToast({
                  kind: 'error',
                  message: messageOf(error, 'An error occurred while deleting data.'),
                });
                setRevoking(null);
              },
            },
          )
        }
      />
    </Modal>
  );
}
