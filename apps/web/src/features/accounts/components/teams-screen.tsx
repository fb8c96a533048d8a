import {
  GRANTABLE_SCOPES,
  findRoute,
  type CurrentUser,
  type GrantableScope,
} from '@conversa/contracts';
import { Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { useOrganizations } from '../api/organizations';
import { useCreateTeam, useTeams } from '../api/teams';
import { getGrantableScopes, INPUT_CLASS, OrganizationSelect, ScopeSelect } from './fields';
import { TeamCard } from './team-card';

/** /account/teams: named groups inside an organization; a team's role is granted to its members. */
export function TeamsScreen({ user }: { user: CurrentUser }) {
  const organizations = useOrganizations();
  const orgItems = organizations.data?.items ?? [];
  const [organizationId, setOrganizationId] = useState<string | undefined>(undefined);
  const teams = useTeams(organizationId);
  const create = useCreateTeam();
  const toast = useToast();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<GrantableScope | null>(null);
  const [targetId, setTargetId] = useState<string | undefined>(undefined);
  const nameId = useId();
  const target = targetId ?? orgItems[0]?.id;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!target || !name.trim()) {
      return;
    }
    create.mutate(
      { organizationId: target, name: name.trim(), scope },
      {
        onSuccess: () => {
          toast.showToast({ kind: 'success', message: 'Team created.' });
          setName('');
        },
      },
    );
  };
  return (
    <div className="space-y-6">
      <PageHeader
        title={findRoute('/account/teams')?.label ?? 'Teams'}
        description="A team's role is granted to every member: a member's role is the highest of their own and their teams'."
      />
      <form
        onSubmit={submit}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4"
      >
        <OrganizationSelect
          organizations={orgItems}
          value={target}
          onChange={setTargetId}
          label="New team in"
        />
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium text-slate-700">
            Name
          </label>
          <input
            id={nameId}
            className={`${INPUT_CLASS} w-64 max-w-full`}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <ScopeSelect
          label="Role granted"
          value={scope}
          scopes={getGrantableScopes(
            user,
            orgItems.find((item) => item.id === target),
          )}
          allowNone
          onChange={setScope}
        />
        <Button
          type="submit"
          variant="primary"
          icon={<Plus className="size-4" aria-hidden="true" />}
          isLoading={create.isPending}
          disabled={!target || !name.trim()}
        >
          Create team
        </Button>
        {create.error ? (
          <Alert kind="error">
            {messageOf(create.error, 'An error occurred while pushing data.')}
          </Alert>
        ) : null}
      </form>
      <OrganizationSelect
        organizations={orgItems}
        value={organizationId}
        onChange={setOrganizationId}
        allowAll
        label="Show teams of"
      />
      <ListStates
        query={teams}
        loadingLabel="Loading teams"
        isEmpty={(data) => data.items.length === 0}
        empty="No teams yet."
      >
        {(data) => (
          <ul className="grid gap-4 lg:grid-cols-2" aria-label="Teams">
            {data.items.map((team) => (
              <TeamCard
                key={team.id}
                team={team}
                scopes={
                  user.isAdmin
                    ? GRANTABLE_SCOPES
                    : getGrantableScopes(
                        user,
                        orgItems.find((item) => item.id === team.organizationId),
                      )
                }
              />
            ))}
          </ul>
        )}
      </ListStates>
    </div>
  );
}
