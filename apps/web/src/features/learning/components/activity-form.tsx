import { useState, type FormEvent } from 'react';
import type { Activity, CompletionRule, CreateActivityBody } from '@conversa/contracts';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { SaveWarning } from '@/components/ui/save-warning';
import { describeActivityDateWarnings } from '@/lib/save-warnings';
import { useStoryfileOptions } from '@/entities/storyfile';
import { ApiError } from '@/lib/api-client';
import { useOrganizationTeams } from '../api/organizations';
import { useSaveActivity } from '../api/save-activity';
import { useStudents } from '../api/students';
import { fromLocalInput, toLocalInput } from '../utils/local-input';
import { TopicChoices } from './topic-choices';

const fieldClass =
  'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';

/** Create or edit an activity: what to talk to, when, what completes it, and who takes it. */
export function ActivityFormDialog({
  organizationId,
  activity,
  isOpen,
  onClose,
}: {
  organizationId: string;
  activity: Activity | null;
  isOpen: boolean;
  onClose: (saved: Activity | null) => void;
}) {
  const storyfiles = useStoryfileOptions({
    namespaceId: organizationId ?? undefined,
    enabled: organizationId !== null,
  });
  const teams = useOrganizationTeams(organizationId);
  const students = useStudents(organizationId);
  const save = useSaveActivity();
  const [title, setTitle] = useState(activity?.title ?? '');
  const [instructions, setInstructions] = useState(activity?.instructions ?? '');
  const [storyfileIds, setStoryfileIds] = useState<string[]>(
    activity?.storyfiles.map((storyfile) => storyfile.id) ?? [],
  );
  const [openAt, setOpenAt] = useState(toLocalInput(activity?.openAt ?? null));
  const [dueAt, setDueAt] = useState(toLocalInput(activity?.dueAt ?? null));
  const [closeAt, setCloseAt] = useState(toLocalInput(activity?.closeAt ?? null));
  const rule = activity?.rule ?? { questionsAsked: 3 };
  const [questions, setQuestions] = useState(String(rule.questionsAsked ?? ''));
  const [answers, setAnswers] = useState(String(rule.distinctAnswers ?? ''));
  const [minutes, setMinutes] = useState(String(rule.minutes ?? ''));
  const [topicIds, setTopicIds] = useState<string[]>(rule.topicIds ?? []);
  const [studentIds, setStudentIds] = useState<string[]>(activity?.studentIds ?? []);
  const [teamIds, setTeamIds] = useState<string[]>(activity?.teamIds ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  // Past dates the person is asked about before saving; null while nothing waits on them.
  const [warnings, setWarnings] = useState<string[] | null>(null);

  const toggle = (list: string[], id: string) =>
    list.includes(id) ? list.filter((item) => item !== id) : [...list, id];

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Only dates set in this form are questioned: an old activity's past due date is no news.
    const changed = (value: string, stored: string | null | undefined) =>
      value !== toLocalInput(stored ?? null) ? fromLocalInput(value) : null;
    const found = describeActivityDateWarnings(
      { dueAt: changed(dueAt, activity?.dueAt), closeAt: changed(closeAt, activity?.closeAt) },
      new Date(),
    );
    if (found.length > 0) {
      setWarnings(found);
      return;
    }
    submit();
  };

  const submit = () => {
    setWarnings(null);
    setProblem(null);
    const completionRule: CompletionRule = {
      ...(questions.trim() === '' ? {} : { questionsAsked: Number(questions) }),
      ...(answers.trim() === '' ? {} : { distinctAnswers: Number(answers) }),
      ...(minutes.trim() === '' ? {} : { minutes: Number(minutes) }),
      ...(topicIds.length === 0 ? {} : { topicIds }),
    };
    const fields = {
      title,
      instructions,
      storyfileIds,
      openAt: fromLocalInput(openAt),
      dueAt: fromLocalInput(dueAt),
      closeAt: fromLocalInput(closeAt),
      rule: completionRule,
      studentIds,
      teamIds,
    };
    const body: CreateActivityBody = { ...fields, organizationId };
    save.mutate(
      activity === null
        ? { kind: 'create', body }
        : { kind: 'update', id: activity.id, body: { ...fields, isArchived: activity.isArchived } },
      {
        onSuccess: (saved) => onClose(saved),
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.issues.length > 0
              ? error.issues.map((issue) => issue.message).join(' ')
              : error.message,
          ),
      },
    );
  };

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => (open ? undefined : onClose(null))}
      title={activity === null ? 'New activity' : 'Edit activity'}
      size="lg"
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {problem === null ? null : <Alert kind="error">{problem}</Alert>}
        <label className="block text-sm font-medium text-slate-800">
          Title
          <input
            className={fieldClass}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={200}
            required
            data-autofocus
          />
        </label>
        <label className="block text-sm font-medium text-slate-800">
          Instructions
          <textarea
            className={fieldClass}
            rows={3}
            value={instructions}
            onChange={(event) => setInstructions(event.target.value)}
          />
        </label>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">Storyfiles</legend>
          {storyfiles.isPending ? (
            <p className="text-xs text-slate-600">Loading storyfiles…</p>
          ) : null}
          {storyfiles.data?.items.length === 0 ? (
            <p className="text-sm text-slate-600">This organization has no storyfiles yet.</p>
          ) : null}
          {storyfiles.data?.items.map((storyfile) => (
            <label key={storyfile.id} className="flex items-center gap-2 text-sm break-words">
              <input
                type="checkbox"
                checked={storyfileIds.includes(storyfile.id)}
                onChange={() => setStoryfileIds(toggle(storyfileIds, storyfile.id))}
              />
              {storyfile.name}
            </label>
          ))}
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-3">
          <label className="block text-sm font-medium text-slate-800">
            Opens
            <input
              type="datetime-local"
              className={fieldClass}
              value={openAt}
              onChange={(event) => setOpenAt(event.target.value)}
            />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Due
            <input
              type="datetime-local"
              className={fieldClass}
              value={dueAt}
              onChange={(event) => setDueAt(event.target.value)}
            />
          </label>
          <label className="block text-sm font-medium text-slate-800">
            Closes
            <input
              type="datetime-local"
              className={fieldClass}
              value={closeAt}
              onChange={(event) => setCloseAt(event.target.value)}
            />
          </label>
        </div>
        <fieldset className="space-y-2 rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-medium text-slate-800">
            Completed when (every criterion you fill in)
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <label className="block text-sm text-slate-800">
              Questions asked
              <input
                type="number"
                min={1}
                className={fieldClass}
                value={questions}
                onChange={(event) => setQuestions(event.target.value)}
              />
            </label>
            <label className="block text-sm text-slate-800">
              Different answers heard
              <input
                type="number"
                min={1}
                className={fieldClass}
                value={answers}
                onChange={(event) => setAnswers(event.target.value)}
              />
            </label>
            <label className="block text-sm text-slate-800">
              Minutes in conversation
              <input
                type="number"
                min={1}
                className={fieldClass}
                value={minutes}
                onChange={(event) => setMinutes(event.target.value)}
              />
            </label>
          </div>
          {storyfileIds.length === 0 ? null : (
            <div className="space-y-1">
              <p className="text-sm text-slate-800">Topics to cover</p>
              {storyfileIds.map((storyfileId) => (
                <TopicChoices
                  key={storyfileId}
                  storyfileId={storyfileId}
                  chosen={topicIds}
                  onToggle={(topicId) => setTopicIds(toggle(topicIds, topicId))}
                />
              ))}
            </div>
          )}
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-slate-800">Students</legend>
          {students.data?.items.length === 0 ? (
            <p className="text-sm text-slate-600">No students yet: invite them under Students.</p>
          ) : null}
          {students.data?.items.map((student) => (
            <label key={student.id} className="flex items-center gap-2 text-sm break-all">
              <input
                type="checkbox"
                checked={studentIds.includes(student.id)}
                onChange={() => setStudentIds(toggle(studentIds, student.id))}
              />
              {student.name}
            </label>
          ))}
        </fieldset>
        {teams.data === undefined || teams.data.items.length === 0 ? null : (
          <fieldset className="space-y-1">
            <legend className="text-sm font-medium text-slate-800">Classes (teams)</legend>
            {teams.data.items.map((team) => (
              <label key={team.id} className="flex items-center gap-2 text-sm break-words">
                <input
                  type="checkbox"
                  checked={teamIds.includes(team.id)}
                  onChange={() => setTeamIds(toggle(teamIds, team.id))}
                />
                {team.name}
              </label>
            ))}
          </fieldset>
        )}
        {warnings === null ? (
          <div className="flex justify-end gap-2">
            <Button variant="cancel" onClick={() => onClose(null)}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" isLoading={save.isPending}>
              {activity === null ? 'Create activity' : 'Save changes'}
            </Button>
          </div>
        ) : (
          <SaveWarning
            warnings={warnings}
            isPending={save.isPending}
            onConfirm={submit}
            onCancel={() => setWarnings(null)}
          />
        )}
      </form>
    </Modal>
  );
}
