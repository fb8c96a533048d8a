import {
  NAMESPACE_ATTRIBUTES,
  ORGANIZATION_NAME_TAKEN_MESSAGE,
  type NamespaceAttribute,
  type Organization,
} from '@conversa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { useCreateOrganization, useUpdateOrganization } from '../api/organizations';
import { useNameCheck } from '../hooks/use-name-check';
import { INPUT_CLASS } from './fields';

export function OrganizationDialog({
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
  // The server's answer to a name taken (sent before the check came back) is said once, under the
  // field where the check says it, not again in an alert (issue 68).
  const isNameTakenAnswer =
    mutation.error !== null && messageOf(mutation.error, '') === ORGANIZATION_NAME_TAKEN_MESSAGE;
  const isNameTaken = nameState === 'taken' || isNameTakenAnswer;
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
            aria-invalid={isNameTaken}
            aria-describedby={`${inputId}-state`}
            onChange={(event) => {
              setLabel(event.target.value);
              if (mutation.error) {
                mutation.reset();
              }
            }}
          />
          <p id={`${inputId}-state`} className="text-sm text-slate-600" aria-live="polite">
            {isNameTaken ? (
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
        ) : (
          <p className="text-sm text-slate-700">
            You become its Admin, so you can invite its people and set their roles. Make one of them
            Admin before you leave it.
          </p>
        )}
        {mutation.error && !isNameTakenAnswer ? (
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
