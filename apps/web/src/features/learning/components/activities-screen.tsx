import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PROGRESS_STATES, PROGRESS_STATE_LABELS, type Activity } from '@conversa/contracts';
import { useListQuery } from '@/components/list/use-list-query';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useActivities } from '../api/list-activities';
import { useLearningOrganizations } from '../api/organizations';
import { useSaveActivity } from '../api/save-activity';
import { formatDate } from '../utils/format-date';
import { ActivityFormDialog } from './activity-form';
import { LearningModuleNotice } from './learning-module-notice';
import { OrganizationPicker } from './organization-picker';
import { Roster } from './roster';

/** /learning: an organization's activities, their rosters, and the form to create or edit one. */
export function ActivitiesScreen({ isAdmin }: { isAdmin: boolean }) {
  const organizations = useLearningOrganizations(isAdmin);
  const [searchParams, setSearchParams] = useSearchParams();
  const organizationId = searchParams.get('organization') ?? organizations.data?.[0]?.id ?? null;
  const organization = organizations.data?.find((item) => item.id === organizationId);
  // Said by the notice, with the way to turn it on, instead of the refused list's bare 403.
  const isLearningOff =
    organization !== undefined && organization.attributes.LEARNING_MODULE !== true;
  const [includeArchived, setIncludeArchived] = useState(false);
  const activities = useActivities(organizationId, includeArchived);
  const [editing, setEditing] = useState<{ activity: Activity | null } | null>(null);
  const [openRoster, setOpenRoster] = useState<string | null>(null);
  const [, updateListQuery] = useListQuery();
  const [archiving, setArchiving] = useState<Activity | null>(null);
  const save = useSaveActivity();
  const { showToast } = useToast();

  const setArchived = (activity: Activity, isArchived: boolean) =>
    save.mutate(
      {
        kind: 'update',
        id: activity.id,
        body: {
          title: activity.title,
          instructions: activity.instructions,
          storyfileIds: activity.storyfiles.map((storyfile) => storyfile.id),
          openAt: activity.openAt,
          dueAt: activity.dueAt,
          closeAt: activity.closeAt,
          rule: activity.rule,
          studentIds: activity.studentIds,
          teamIds: activity.teamIds,
          isArchived,
        },
      },
      {
        onSuccess: () => {
          setArchiving(null);
          showToast({
            kind: 'success',
            message: isArchived ? 'Activity archived.' : 'Activity restored.',
          });
        },
        onError: (error) => showToast({ kind: 'error', message: error.message }),
      },
    );

  return (
    <div className="space-y-6">
      <PageHeader
        title="Activities"
        description="Conversations with storyfiles that you assign to students, with a rule that says when each is done."
        actions={
          organizationId === null ? null : (
            <Button variant="primary" onClick={() => setEditing({ activity: null })}>
              New activity
            </Button>
          )
        }
      />
      {organizations.isPending ? <Spinner label="Loading organizations" /> : null}
      {organizations.isError ? <Alert kind="error">{organizations.error.message}</Alert> : null}
      {organizations.data?.length === 0 ? (
        <Alert kind="warning">None of your organizations has the learning module.</Alert>
      ) : null}
      <div className="flex flex-wrap items-end gap-4">
        <OrganizationPicker
          organizations={organizations.data ?? []}
          value={organizationId}
          onChange={(id) => setSearchParams({ organization: id })}
        />
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={includeArchived}
            onChange={(event) => setIncludeArchived(event.target.checked)}
          />
          Show archived
        </label>
      </div>
      <LearningModuleNotice organization={organization} />
      {activities.isPending && organizationId !== null ? (
        <Spinner label="Loading activities" />
      ) : null}
      {activities.isError && !isLearningOff ? (
        <Alert kind="error">{activities.error.message}</Alert>
      ) : null}
      {activities.data?.items.length === 0 ? (
        <p className="text-sm text-slate-600">No activities yet. Create one with New activity.</p>
      ) : null}
      <ul className="space-y-4">
        {activities.data?.items.map((activity) => (
          <li
            key={activity.id}
            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 flex-1">
                <h2 className="text-base font-semibold break-words text-slate-900">
                  {activity.title}
                  {activity.isArchived ? (
                    <span className="ml-2 text-xs text-slate-600">(archived)</span>
                  ) : null}
                </h2>
                <p className="text-xs break-words text-slate-600">
                  {activity.storyfiles.map((storyfile) => storyfile.name).join(', ')} · Due{' '}
                  {formatDate(activity.dueAt)}
                </p>
                <p className="mt-1 text-xs text-slate-700">
                  {PROGRESS_STATES.map(
                    (state) => `${PROGRESS_STATE_LABELS[state]}: ${activity.counts[state] ?? 0}`,
                  ).join(' · ')}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="default"
                  aria-expanded={openRoster === activity.id}
                  onClick={() => {
                    // Another roster starts on its first page, unsearched.
                    updateListQuery({ page: 1, search: '', searchOptions: [] });
                    setOpenRoster(openRoster === activity.id ? null : activity.id);
                  }}
                >
                  {openRoster === activity.id ? 'Hide roster' : 'Roster'}
                </Button>
                <Button size="sm" variant="default" onClick={() => setEditing({ activity })}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="default"
                  onClick={() =>
                    save.mutate(
                      { kind: 'duplicate', id: activity.id },
                      {
                        onSuccess: () =>
                          showToast({ kind: 'success', message: 'Activity duplicated.' }),
                        onError: (error) => showToast({ kind: 'error', message: error.message }),
                      },
                    )
                  }
                >
                  Duplicate
                </Button>
                {activity.isArchived ? (
                  <Button size="sm" variant="default" onClick={() => setArchived(activity, false)}>
                    Restore
                  </Button>
                ) : (
                  <Button size="sm" variant="default" onClick={() => setArchiving(activity)}>
                    Archive
                  </Button>
                )}
              </div>
            </div>
            {openRoster === activity.id ? <Roster key={activity.id} activity={activity} /> : null}
          </li>
        ))}
      </ul>
      {editing === null || organizationId === null ? null : (
        <ActivityFormDialog
          organizationId={organizationId}
          activity={editing.activity}
          isOpen
          onClose={(saved) => {
            setEditing(null);
            if (saved !== null) {
              setOpenRoster(saved.id);
              showToast({ kind: 'success', message: 'Activity saved.' });
            }
          }}
        />
      )}
      <ConfirmDialog
        isOpen={archiving !== null}
        onCancel={() => setArchiving(null)}
        title="Archive this activity?"
        description="Students no longer see it. Its progress and transcripts are kept, and you can restore it."
        confirmText="Archive"
        isPending={save.isPending}
        onConfirm={() => (archiving === null ? undefined : setArchived(archiving, true))}
      />
    </div>
  );
}
