import { findRoute, type CurrentUser, type Organization } from '@conversa/contracts';
import { Building2, KeyRound, Pencil, Plus, Trash2, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListStates } from '@/components/list/list-states';
import { PageHeader } from '@/components/page-header';
import { Button, getButtonClassName } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { formatNumber } from '@/lib/format';
import { messageOf } from '@/lib/api-client';
import { useDeleteOrganization, useOrganizations } from '../api/organizations';
import { OrganizationDialog } from './organization-dialog';
import { ScimTokensDialog } from './scim-tokens-dialog';

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
                    {/* Users filtered to this organization: Invite people there invites into it. */}
                    <Link
                      to={`/account/users?organizationId=${organization.id}`}
                      className={getButtonClassName('default', 'sm')}
                      aria-label={`Members of ${organization.label}`}
                    >
                      <Users className="size-4" aria-hidden="true" />
                      Members
                    </Link>
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
