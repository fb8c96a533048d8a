import { findRoute, parseWhitelistEntry, type CurrentUser } from '@conversa/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { useOrganizations, useUpdateOrganization } from '../api/organizations';
import { useAddWhitelistEntry, useDeleteWhitelistEntry, useWhitelist } from '../api/whitelist';
import { getGrantableScopes, INPUT_CLASS, OrganizationSelect, ScopeSelect } from './fields';

/**
 * /account/whitelist: for organizations with SSO_WHITELIST, the email domains and single addresses
 * admitted through an identity provider, and the role they join with.
 */
export function WhitelistScreen({ user }: { user: CurrentUser }) {
  const organizations = useOrganizations();
  const withWhitelist = (organizations.data?.items ?? []).filter(
    (item) => item.attributes.SSO_WHITELIST === true,
  );
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const organizationId = selectedId ?? withWhitelist[0]?.id;
  const organization = withWhitelist.find((item) => item.id === organizationId);
  const whitelist = useWhitelist(organizationId);
  const add = useAddWhitelistEntry();
  const remove = useDeleteWhitelistEntry();
  const updateOrganization = useUpdateOrganization();
  const toast = useToast();
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const valueId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWhitelistEntry(value);
    if (!parsed.ok) {
      setLocalError(parsed.message);
      return;
    }
    setLocalError(null);
    if (organizationId) {
      add.mutate({ organizationId, value }, { onSuccess: () => setValue('') });
    }
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute('/account/whitelist')?.label ?? 'Whitelist'}
        description="People signing in through your identity provider join when their verified email is on the list."
      />
      {organizations.isPending ? (
        <Spinner label="Loading organizations" />
      ) : withWhitelist.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
          None of your organizations has the SSO_WHITELIST attribute.
        </p>
      ) : (
        <>
          <OrganizationSelect
            organizations={withWhitelist}
            value={organizationId}
            onChange={setSelectedId}
          />
          {organization ? (
            <ScopeSelect
              label="Role people join with"
              value={organization.defaultScope}
              scopes={getGrantableScopes(user, organization)}
              onChange={(scope) =>
                scope &&
                updateOrganization.mutate(
                  { id: organization.id, defaultScope: scope },
                  {
                    onSuccess: () =>
                      toast.showToast({ kind: 'success', message: 'Default role saved.' }),
                  },
                )
              }
            />
          ) : null}
          <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <label htmlFor={valueId} className="text-sm font-medium text-slate-700">
                Domain or email address
              </label>
              <input
                id={valueId}
                className={INPUT_CLASS}
                placeholder="example.com or person@example.com"
                value={value}
                maxLength={320}
                onChange={(event) => setValue(event.target.value)}
              />
            </div>
            <Button
              type="submit"
              variant="primary"
              icon={<Plus className="size-4" aria-hidden="true" />}
              isLoading={add.isPending}
            >
              Add
            </Button>
          </form>
          {localError ? <Alert kind="error">{localError}</Alert> : null}
          {add.error ? (
            <Alert kind="error">
              {messageOf(add.error, 'An error occurred while pushing data.')}
            </Alert>
          ) : null}
          {whitelist.isPending ? (
            <Spinner label="Loading the whitelist" />
          ) : (whitelist.data?.items.length ?? 0) === 0 ? (
            <p className="text-slate-600">
              The whitelist is empty: nobody joins through sign-in yet.
            </p>
          ) : (
            <ul
              className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
              aria-label="Whitelist"
            >
              {whitelist.data!.items.map((entry) => (
                <li key={entry.id} className="flex items-center justify-between gap-3 px-4 py-2">
                  <span className="min-w-0 break-all">
                    {entry.value}{' '}
                    <span className="text-xs text-slate-600">
                      ({entry.kind === 'domain' ? 'domain' : 'address'})
                    </span>
                  </span>
                  <Button
                    size="sm"
                    variant="text"
                    icon={<Trash2 className="size-4" aria-hidden="true" />}
                    aria-label={`Remove ${entry.value}`}
                    idText={`Remove ${entry.id}`}
                    onClick={() =>
                      organizationId && remove.mutate({ organizationId, entryId: entry.id })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}
