import type { GrantableScope, Team } from '@conversa/contracts';
import { Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { messageOf } from '@/lib/api-client';
import { useMembers } from '../api/members';
import { useDeleteTeam, useSetTeamMember, useUpdateTeam } from '../api/teams';
import { INPUT_CLASS, ScopeSelect, SELECT_CLASS } from './fields';

export function TeamCard({ team, scopes }: { team: Team; scopes: readonly GrantableScope[] }) {
  const update = useUpdateTeam();
  const setMember = useSetTeamMember();
  const remove = useDeleteTeam();
  const toast = useToast();
  const [name, setName] = useState(team.name);
  const [isDeleting, setIsDeleting] = useState(false);
  const [newMember, setNewMember] = useState('');
  const members = useMembers({
    search: '',
    searchOptions: [],
    page: 1,
    pageSize: 100,
    organizationId: team.organizationId,
    status: 'active',
  });
  const candidates = (members.data?.items ?? []).filter(
    (member) => member.kind === 'member' && !team.members.some((item) => item.id === member.id),
  );
  const nameId = useId();
  const addId = useId();
  const onError = (error: unknown) =>
    toast.showToast({
      kind: 'error',
      message: messageOf(error, 'An error occurred while updating data.'),
    });
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && name.trim() !== team.name) {
      update.mutate(
        { id: team.id, name: name.trim() },
        {
          onSuccess: () => toast.showToast({ kind: 'success', message: 'Team renamed.' }),
          onError,
        },
      );
    }
  };
  return (
    <li className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={nameId} className="text-sm font-medium text-slate-700">
            Team name
          </label>
          <input
            id={nameId}
            className={INPUT_CLASS}
            value={name}
            maxLength={200}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <Button
          type="submit"
          size="sm"
          variant="default"
          idText={`Rename ${team.id}`}
          isLoading={update.isPending}
        >
          Rename
        </Button>
        <Button
          size="sm"
          variant="default"
          icon={<Trash2 className="size-4" aria-hidden="true" />}
          idText={`Delete team ${team.id}`}
          aria-label={`Delete team ${team.name}`}
          onClick={() => setIsDeleting(true)}
        >
          Delete
        </Button>
      </form>
      <p className="text-sm break-words text-slate-600">{team.organizationLabel}</p>
      <ScopeSelect
        label="Role granted to members"
        value={team.scope}
        scopes={scopes}
        allowNone
        onChange={(scope) =>
          update.mutate(
            { id: team.id, scope },
            {
              onSuccess: () => toast.showToast({ kind: 'success', message: 'Team role changed.' }),
              onError,
            },
          )
        }
      />
      <div>
        <h3 className="text-sm font-medium text-slate-700">Members</h3>
        {team.members.length === 0 ? (
          <p className="text-sm text-slate-600">No members yet.</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {team.members.map((member) => (
              <li key={member.id} className="flex items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-all">{member.displayName}</span>
                <Button
                  size="sm"
                  variant="text"
                  icon={<X className="size-4" aria-hidden="true" />}
                  aria-label={`Remove ${member.displayName} from ${team.name}`}
                  idText={`Remove member ${team.id} ${member.id}`}
                  onClick={() =>
                    setMember.mutate(
                      { teamId: team.id, userId: member.id, isMember: false },
                      { onError },
                    )
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={addId} className="text-sm font-medium text-slate-700">
            Add a member
          </label>
          <select
            id={addId}
            className={`${SELECT_CLASS} w-full`}
            value={newMember}
            onChange={(event) => setNewMember(event.target.value)}
          >
            <option value="">Choose a person</option>
            {candidates.map((member) => (
              <option key={member.id} value={member.id}>
                {member.displayName}
              </option>
            ))}
          </select>
        </div>
        <Button
          size="sm"
          variant="default"
          idText={`Add member ${team.id}`}
          disabled={!newMember}
          isLoading={setMember.isPending}
          onClick={() =>
            setMember.mutate(
              { teamId: team.id, userId: newMember, isMember: true },
              { onSuccess: () => setNewMember(''), onError },
            )
          }
        >
          Add
        </Button>
      </div>
      <ConfirmDialog
        isOpen={isDeleting}
        onCancel={() => setIsDeleting(false)}
        title="Delete team"
        description={`Delete the team "${team.name}"? Its members keep their own roles.`}
        confirmText="Delete"
        isPending={remove.isPending}
        onConfirm={() => remove.mutate(team.id, { onSettled: () => setIsDeleting(false), onError })}
      />
    </li>
  );
}
