import {
  describeLearningModuleOff,
  describeReplacedInvitations,
  describeSkippedInvitations,
  LEARNING_MODULE_ASK_ADMIN_HINT,
  isValidEmail,
  MAX_INVITATION_EMAILS,
  type CurrentUser,
  type GrantableScope,
  type InvitationResult,
  type InvitationSkip,
  type Organization,
} from '@conversa/contracts';
import { Copy } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { useCreateInvitations } from '../api/invitations';
import { useUpdateOrganization } from '../api/organizations';
import { useTeams } from '../api/teams';
import { getGrantableScopes, OrganizationSelect, ScopeSelect } from './fields';

/** Splits pasted addresses on commas, semicolons, spaces and new lines. */
export function splitEmails(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

export function InvitationLinks({ results }: { results: InvitationResult[] }) {
  const toast = useToast();
  const withLinks = results.filter((result) => result.link !== null);
  if (withLinks.length === 0) {
    return null;
  }
  return (
    <div className="space-y-2">
      <p className="text-sm text-slate-700">
        No email was sent for these; copy each link and send it yourself:
      </p>
      <ul className="space-y-2">
        {withLinks.map((result) => (
          <li key={result.invitationId} className="rounded-lg border border-slate-200 p-2 text-sm">
            <p className="font-medium break-all">{result.email}</p>
            {result.problem ? <p className="text-red-700">{result.problem}</p> : null}
            <div className="mt-1 flex items-center gap-2">
              <input
                readOnly
                aria-label={`Invitation link for ${result.email}`}
                className="h-8 min-w-0 flex-1 rounded border border-slate-300 px-2 font-mono text-xs"
                value={result.link ?? ''}
                onFocus={(event) => event.target.select()}
              />
              <Button
                size="sm"
                variant="default"
                icon={<Copy className="size-4" aria-hidden="true" />}
                idText={`Copy link ${result.invitationId}`}
                onClick={() => {
                  void navigator.clipboard?.writeText(result.link ?? '').then(
                    () => toast.showToast({ kind: 'success', message: 'Link copied.' }),
                    () => undefined,
                  );
                }}
              >
                Copy
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * `defaultOrganizationId` is the organization in use (the Users list's filter): people are
 * invited there unless the inviter picks another, never silently into the first by name.
 */
export function InviteDialog({
  user,
  organizations,
  defaultOrganizationId,
  isOpen,
  onOpenChange,
}: {
  user: CurrentUser;
  organizations: readonly Organization[];
  defaultOrganizationId?: string | undefined;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [organizationId, setOrganizationId] = useState<string | undefined>(
    organizations.find((item) => item.id === defaultOrganizationId)?.id ?? organizations[0]?.id,
  );
  const organization = organizations.find((item) => item.id === organizationId);
  const scopes = getGrantableScopes(user, organization);
  const [scope, setScope] = useState<GrantableScope>('read:ns');
  const [emailsText, setEmailsText] = useState('');
  const [teamIds, setTeamIds] = useState<string[]>([]);
  const [localError, setLocalError] = useState<string | null>(null);
  const [results, setResults] = useState<InvitationResult[] | null>(null);
  const [skipped, setSkipped] = useState<InvitationSkip[]>([]);
  const teams = useTeams(organizationId);
  const invite = useCreateInvitations();
  const updateOrganization = useUpdateOrganization();
  const emailsId = useId();
  // A Restricted User is a student: told before inviting that their activities could not open.
  const isStudentWithoutLearning =
    scope === 'restricted:ns' &&
    organization !== undefined &&
    organization.attributes.LEARNING_MODULE !== true;
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const emails = splitEmails(emailsText);
    const invalid = emails.filter((email) => !isValidEmail(email));
    if (emails.length === 0) {
      setLocalError('Enter at least one email address.');
      return;
    }
    if (invalid.length > 0) {
      setLocalError(`Not valid email addresses: ${invalid.join(', ')}. Nobody was invited.`);
      return;
    }
    if (emails.length > MAX_INVITATION_EMAILS) {
      setLocalError(`Invite at most ${MAX_INVITATION_EMAILS} people at once.`);
      return;
    }
    if (!organizationId) {
      return;
    }
    setLocalError(null);
    invite.mutate(
      { organizationId, emails, scope, teamIds },
      {
        onSuccess: (answer) => {
          const sent = answer.results.filter((result) => result.isEmailSent).length;
          const replaced = answer.results.filter((result) => result.replacedScope !== null).length;
          toast.showToast({
            kind: 'success',
            message: `${answer.results.length} invited${sent > 0 ? `, ${sent} emailed` : ''}${replaced > 0 ? `, ${formatCount(replaced, 'earlier invitation')} replaced` : ''}.`,
          });
          setResults(answer.results);
          setSkipped(answer.skipped);
        },
      },
    );
  };

  return (
    <Modal isOpen={isOpen} onOpenChange={onOpenChange} title="Invite people" size="lg">
      {results ? (
        <div className="space-y-4">
          <Alert kind="success">
            {`Invited ${results.map((result) => result.email).join(', ')}.`}
          </Alert>
          {describeReplacedInvitations(results) ? (
            <Alert kind="warning">{describeReplacedInvitations(results)}</Alert>
          ) : null}
          {skipped.length > 0 ? (
            <Alert kind="warning">{describeSkippedInvitations(skipped)}</Alert>
          ) : null}
          <InvitationLinks results={results} />
          <div className="flex justify-end">
            <Button variant="primary" onClick={() => onOpenChange(false)}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <OrganizationSelect
            organizations={organizations}
            value={organizationId}
            onChange={(id) => {
              setOrganizationId(id);
              setTeamIds([]);
            }}
          />
          <div className="space-y-1">
            <label htmlFor={emailsId} className="text-sm font-medium text-slate-700">
              Email addresses
            </label>
            <textarea
              id={emailsId}
              className="min-h-24 w-full rounded-lg border border-slate-300 p-3 text-sm shadow-sm"
              placeholder="one@example.com, two@example.com"
              value={emailsText}
              autoFocus
              onChange={(event) => setEmailsText(event.target.value)}
            />
            <p className="text-xs text-slate-600">Separate addresses with commas or new lines.</p>
          </div>
          <ScopeSelect
            label="Role"
            value={scope}
            scopes={scopes}
            onChange={(next) => next && setScope(next)}
          />
          {isStudentWithoutLearning ? (
            <div className="space-y-2">
              <Alert kind="warning">
                {describeLearningModuleOff(organization.label)}{' '}
                {user.isAdmin ? null : LEARNING_MODULE_ASK_ADMIN_HINT}
              </Alert>
              {user.isAdmin ? (
                <Button
                  size="sm"
                  variant="default"
                  isLoading={updateOrganization.isPending}
                  onClick={() =>
                    updateOrganization.mutate(
                      {
                        id: organization.id,
                        attributes: { ...organization.attributes, LEARNING_MODULE: true },
                      },
                      {
                        onSuccess: () =>
                          toast.showToast({
                            kind: 'success',
                            message: `The learning module is on for ${organization.label}.`,
                          }),
                        onError: (error) =>
                          toast.showToast({ kind: 'error', message: error.message }),
                      },
                    )
                  }
                >
                  Turn on the learning module
                </Button>
              ) : null}
            </div>
          ) : null}
          {(teams.data?.items.length ?? 0) > 0 ? (
            <fieldset className="space-y-1">
              <legend className="text-sm font-medium text-slate-700">Teams (optional)</legend>
              {teams.data!.items.map((team) => (
                <label key={team.id} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={teamIds.includes(team.id)}
                    onChange={(event) =>
                      setTeamIds((current) =>
                        event.target.checked
                          ? [...current, team.id]
                          : current.filter((id) => id !== team.id),
                      )
                    }
                  />
                  <span className="break-all">{team.name}</span>
                </label>
              ))}
            </fieldset>
          ) : null}
          {localError ? <Alert kind="error">{localError}</Alert> : null}
          {invite.error ? (
            <Alert kind="error">
              {messageOf(invite.error, 'An error occurred while pushing data.')}
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="cancel" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="primary" isLoading={invite.isPending}>
              Send invitations
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
