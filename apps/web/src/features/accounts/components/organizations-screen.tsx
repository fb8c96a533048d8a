import {
  NAMESPACE_ATTRIBUTES,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  findRoute,
  type CurrentUser,
  type NamespaceAttribute,
  type Organization,
} from '@conversa/contracts';
import { Building2, KeyRound, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';

import { useToast } from '@/components/ui/toast';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import { formatNumber } from '@/lib/format';
import { messageOf } from '@/lib/api-client';
import {
  isOrganizationNameFree,
  useCreateOrganization,
  useDeleteOrganization,
  useOrganizations,
  useUpdateOrganization,
} from '../api/organizations';
import { INPUT_CLASS } from './fields';
import { ScimTokensDialog } from './scim-tokens-dialog';

function useNameCheck(name: string, excludeId?: string): 'idle' | 'checking' | 'free' | 'taken' {
  const debounced = useDebouncedValue(name.trim(), 300);
  const [state, setState] = useState<{ name: string; result: 'free' | 'taken' } | null>(null);
  useEffect(() => {
    if (!debounced) {
      return;
    }
    let isCurrent = true;
    isOrganizationNameFree(debounced, excludeId).then(
      (isFree) => isCurrent && setState({ name: debounced, result: isFree ? 'free' : 'taken' }),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [debounced, excludeId]);
  if (!name.trim()) {
    return 'idle';
  }
  return state?.name === name.trim() ? state.result : 'checking';
}

function OrganizationDialog({
  organization,
  isOpen,
  onOpenChange,
}: {
  organization: Organization | null;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [label, setLabel] = useState(organization?.label ?? '');
  const [attributes, setAttributes] = useState(organization?.attributes ?? {});
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const toast = useToast();
  const nameState = useNameCheck(label, organization?.id);
  const inputId = useId();
  const mutation = organization ? update : create;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const onSuccess = () => {
      toast.showToast({
        kind: 'success',
        message: organization ? 'Organization saved.' : 'Organization created.',
      });
      onOpenChange(false);
    };
    if (organization) {
      update.mutate({ id: organization.id, label: label.trim(), attributes }, { onSuccess });
    } else {
      create.mutate({ label: label.trim() }, { onSuccess });
    }
  };
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={organization ? 'Edit organization' : 'New organization'}
    >
      <form onSubmit={submit} className="space-y-4">
        <div className="space-y-1">
          <label htmlFor={inputId} className="text-sm font-medium text-slate-700">
            Name
          </label>
          <input
            id={inputId}
            className={INPUT_CLASS}
            value={label}
            maxLength={200}
            required
            autoFocus
            aria-invalid={nameState === 'taken'}
            aria-describedby={`${inputId}-state`}
            onChange={(event) => setLabel(event.target.value)}
          />
          <p id={`${inputId}-state`} className="text-sm text-slate-600" aria-live="polite">
            {nameState === 'taken' ? (
              <span className="text-red-700">{ORGANIZATION_NAME_TAKEN_MESSAGE}</span>
            ) : nameState === 'checking' ? (
              'Checking the name…'
            ) : nameState === 'free' ? (
              'This name is free.'
            ) : null}
          </p>
        </div>
        {organization ? (
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Attributes</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {NAMESPACE_ATTRIBUTES.map((attribute: NamespaceAttribute) => (
                <label key={attribute} className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={attributes[attribute] === true}
                    onChange={(event) =>
                      setAttributes((current) => ({
                        ...current,
                        [attribute]: event.target.checked,
                      }))
                    }
                  />
                  {attribute}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}
        {mutation.error ? (
          <Alert kind="error">{messageOf(mutation.error, 'Saving failed.')}</Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="cancel" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="primary"
            isLoading={mutation.isPending}
            disabled={nameState === 'taken'}
          >
            {organization ? 'Save' : 'Create'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * /account/organizations: owners see the organizations they own; platform admins see all and
 * create, rename, delete them and set their attributes.
 */
export function OrganizationsScreen({ user }: { user: CurrentUser }) {
  const list = useOrganizations();
  const remove = useDeleteOrganization();
  const toast = useToast();
  const [editing, setEditing] = useState<Organization | null | 'new'>(null);
  const [deleting, setDeleting] = useState<Organization | null>(null);
  const [provisioning, setProvisioning] = useState<Organization | null>(null);
  const items = list.data?.items ?? [];
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute('/account/organizations')?.label ?? 'Organizations'}
        description={
          user.isAdmin
            ? 'Every organization of the studio, with its members, teams and storyfiles.'
            : 'The organizations you own, with their members, teams and storyfiles.'
        }
        {...(user.isAdmin
          ? {
              actions: (
                <Button
                  variant="primary"
                  icon={<Plus className="size-4" aria-hidden="true" />}
                  onClick={() => setEditing('new')}
                >
                  New organization
                </Button>
              ),
            }
          : {})}
      />
      <ListStates
        query={list}
        loadingLabel="Loading organizations"
        isEmpty={() => items.length === 0}
        empty="No organizations yet."
      >
        {() => (
          <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-label="Organizations">
            {items.map((organization) => {
              const attributes = Object.entries(organization.attributes)
                .filter(([, isOn]) => isOn)
                .map(([name]) => name);
              return (
                <li
                  key={organization.id}
                  className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                >
                  <div className="flex min-w-0 items-start gap-3">
                    <Building2 className="mt-1 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    <h2 className="min-w-0 text-lg font-semibold break-words text-slate-900">
                      {organization.label}
                    </h2>
                  </div>
                  <dl className="grid grid-cols-3 gap-2 text-sm">
                    <div>
                      <dt className="text-slate-600">Members</dt>
                      <dd className="font-semibold">{formatNumber(organization.memberCount)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">Teams</dt>
                      <dd className="font-semibold">{formatNumber(organization.teamCount)}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-600">Storyfiles</dt>
                      <dd className="font-semibold">{formatNumber(organization.storyfileCount)}</dd>
                    </div>
                  </dl>
                  <p className="text-sm break-words text-slate-600">
                    {attributes.length > 0
                      ? `Attributes: ${attributes.join(', ')}`
                      : 'No attributes'}
                  </p>
                  {/* Everyone listed here owns the organization (or is a platform admin). */}
                  <div className="mt-auto flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="default"
                      icon={<KeyRound className="size-4" aria-hidden="true" />}
                      onClick={() => setProvisioning(organization)}
                      aria-label={`SCIM provisioning of ${organization.label}`}
                      idText={`SCIM ${organization.id}`}
                    >
                      SCIM
                    </Button>
                    {user.isAdmin ? (
                      <>
                        <Button
                          size="sm"
                          variant="default"
                          icon={<Pencil className="size-4" aria-hidden="true" />}
                          onClick={() => setEditing(organization)}
                          aria-label={`Edit ${organization.label}`}
                          idText={`Edit ${organization.id}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="sm"
                          variant="default"
                          icon={<Trash2 className="size-4" aria-hidden="true" />}
                          onClick={() => setDeleting(organization)}
                          aria-label={`Delete ${organization.label}`}
                          idText={`Delete ${organization.id}`}
                        >
                          Delete
                        </Button>
                      </>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </ListStates>
      {editing !== null ? (
        <OrganizationDialog
          organization={editing === 'new' ? null : editing}
          isOpen
          onOpenChange={(open) => !open && setEditing(null)}
        />
      ) : null}
      {provisioning !== null ? (
        <ScimTokensDialog
          organization={provisioning}
          isOpen
          onOpenChange={(open) => !open && setProvisioning(null)}
        />
      ) : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        onCancel={() => setDeleting(null)}
        title="Delete organization"
        description={`Delete "${deleting?.label ?? ''}"? Its teams, invitations and memberships go with it. An organization with storyfiles cannot be deleted.`}
        confirmText="Delete"
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.showToast({ kind: 'success', message: 'Organization deleted.' });
              setDeleting(null);
            },
            onError: (error) => {
              toast.showToast({
                kind: 'error',
                message: messageOf(error, 'An error occurred while deleting data.'),
              });
              setDeleting(null);
            },
          })
        }
      />
    </div>
  );
}
