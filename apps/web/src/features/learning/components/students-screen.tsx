import { useState, type FormEvent } from 'react';
import { describeSkippedInvitations } from '@conversa/contracts';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { useLearningOrganizations } from '../api/organizations';
import { useInviteStudents } from '../api/invite-students';
import { useStudent, useStudents } from '../api/students';
import {
  buildTranscriptCsv,
  downloadText,
  parseStudentCsv,
  type InvitedPerson,
} from '../utils/csv';
import { OrganizationPicker } from './organization-picker';
import { ProgressBar, StateBadge } from './progress-bar';
import { Transcript } from './transcript';

function InviteStudents({ organizationId }: { organizationId: string }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // People read from a CSV, shown for a look before they are invited.
  const [fromFile, setFromFile] = useState<InvitedPerson[] | null>(null);
  const [links, setLinks] = useState<{ email: string; link: string }[]>([]);
  const invite = useInviteStudents(organizationId);
  const { showToast } = useToast();

  const send = (people: InvitedPerson[]) => {
    setProblem(null);
    invite.mutate(
      { people, teamIds: [] },
      {
        onSuccess: ({ results, skipped }) => {
          // People already in the organization are left out; the others are invited.
          setProblem(skipped.length > 0 ? describeSkippedInvitations(skipped) : null);
          setText('');
          setFromFile(null);
          setLinks(
            results.flatMap((result) =>
              result.link === null ? [] : [{ email: result.email, link: result.link }],
            ),
          );
          showToast({
            kind: 'success',
            message: `${results.length} ${results.length === 1 ? 'student' : 'students'} invited.`,
          });
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send(
      text
        .split(/[\s,;]+/)
        .filter(Boolean)
        .map((email) => ({ email, name: '' })),
    );
  };
  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file can be chosen again after a fix.
    input.value = '';
    if (file === undefined) {
      return;
    }
    setProblem(null);
    setFromFile(null);
    const parsed = parseStudentCsv(await file.text());
    if (parsed.problems.length > 0 || parsed.people.length === 0) {
      setProblem(parsed.problems.join(' ') || 'The file names no email addresses.');
      return;
    }
    setFromFile(parsed.people);
  };

  return (
    <section
      aria-labelledby="invite-students"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="invite-students" className="text-base font-semibold text-slate-900">
        Invite students
      </h2>
      {problem === null ? null : <Alert kind="error">{problem}</Alert>}
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2">
        <label className="block min-w-64 flex-1 text-sm font-medium text-slate-800">
          Email addresses
          <input
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="ada@school.org, grace@school.org"
          />
        </label>
        <Button
          type="submit"
          variant="primary"
          isLoading={invite.isPending && fromFile === null}
          disabled={text.trim() === ''}
        >
          Invite
        </Button>
      </form>
      <label className="block text-sm font-medium text-slate-800">
        Or a CSV file of names and emails
        <input
          type="file"
          accept=".csv,text/csv"
          className="mt-1 block text-sm"
          onChange={(event) => void onFile(event.currentTarget)}
        />
      </label>
      {fromFile === null ? null : (
        <div className="space-y-2">
          <table className="w-full text-left text-sm">
            <caption className="pb-1 text-left text-sm text-slate-800">
              {fromFile.length} {fromFile.length === 1 ? 'person' : 'people'} in the file
            </caption>
            <thead>
              <tr className="border-b border-slate-200 text-xs text-slate-600">
                <th scope="col" className="py-1 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-1 font-medium">
                  Email
                </th>
              </tr>
            </thead>
            <tbody>
              {fromFile.map((person, index) => (
                <tr key={`${index}-${person.email}`} className="border-b border-slate-100">
                  <td className="py-1 pr-3 break-words">
                    {person.name === '' ? (
                      <span className="text-slate-600">(no name)</span>
                    ) : (
                      person.name
                    )}
                  </td>
                  <td className="py-1 break-all">{person.email}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="flex gap-2">
            <Button variant="primary" isLoading={invite.isPending} onClick={() => send(fromFile)}>
              Invite {fromFile.length} {fromFile.length === 1 ? 'student' : 'students'}
            </Button>
            <Button variant="default" onClick={() => setFromFile(null)}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {links.length === 0 ? null : (
        <div className="space-y-1">
          <p className="text-sm text-slate-800">
            No mail server is set up: send each student their link.
          </p>
          <ul className="space-y-1 text-xs break-all">
            {links.map((entry) => (
              <li key={entry.email}>
                <span className="font-semibold">{entry.email}</span>: <code>{entry.link}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function StudentPage({ organizationId, studentId }: { organizationId: string; studentId: string }) {
  const page = useStudent(organizationId, studentId);
  if (page.isPending) {
    return <Spinner label="Loading the student" />;
  }
  if (page.isError) {
    return <Alert kind="error">{page.error.message}</Alert>;
  }
  return (
    <section
      aria-labelledby="student-name"
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="student-name" className="text-base font-semibold break-all text-slate-900">
        {page.data.student.name}
      </h2>
      {page.data.activities.length === 0 ? (
        <p className="text-sm text-slate-600">No activities are assigned to this student.</p>
      ) : null}
      {page.data.activities.map(({ activity, progress, transcript }) => (
        <article key={activity.id} className="space-y-2 border-t border-slate-100 pt-3">
          <div className="flex flex-wrap items-center gap-3">
            <h3 className="min-w-0 basis-full text-sm font-semibold break-words sm:basis-0 sm:flex-1">
              {activity.title}
            </h3>
            <StateBadge state={progress.state} />
            <ProgressBar progress={progress} label={`Progress in ${activity.title}`} />
            <Button
              size="sm"
              variant="default"
              disabled={transcript.length === 0}
              onClick={() =>
                downloadText(
                  `transcript-${activity.id}-${studentId}.csv`,
                  buildTranscriptCsv(transcript),
                )
              }
            >
              Export transcript
            </Button>
          </div>
          <Transcript entries={transcript} />
        </article>
      ))}
    </section>
  );
}

/** /learning/students: the organization's students (restricted members), invitations, one student's page. */
export function StudentsScreen({ isAdmin }: { isAdmin: boolean }) {
  const organizations = useLearningOrganizations(isAdmin);
  const [searchParams, setSearchParams] = useSearchParams();
  const organizationId = searchParams.get('organization') ?? organizations.data?.[0]?.id ?? null;
  const studentId = searchParams.get('student');
  const students = useStudents(organizationId);

  const openStudent = (id: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('student', id);
    if (organizationId !== null) {
      next.set('organization', organizationId);
    }
    setSearchParams(next);
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Students"
        description="Students are members with the Restricted User role: they see only the activities assigned to them."
      />
      {organizations.isPending ? <Spinner label="Loading organizations" /> : null}
      {organizations.data?.length === 0 ? (
        <Alert kind="warning">None of your organizations has the learning module.</Alert>
      ) : null}
      <OrganizationPicker
        organizations={organizations.data ?? []}
        value={organizationId}
        onChange={(id) => setSearchParams({ organization: id })}
      />
      {organizationId === null ? null : <InviteStudents organizationId={organizationId} />}
      {students.isPending && organizationId !== null ? <Spinner label="Loading students" /> : null}
      {students.isError ? <Alert kind="error">{students.error.message}</Alert> : null}
      {students.data === undefined ? null : (
        <section aria-labelledby="student-list" className="space-y-2">
          <h2 id="student-list" className="text-base font-semibold text-slate-900">
            {students.data.items.length} {students.data.items.length === 1 ? 'student' : 'students'}
          </h2>
          {students.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">No students yet. Invite them above.</p>
          ) : null}
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {students.data.items.map((student) => (
              <li key={student.id} className="flex flex-wrap items-center gap-3 px-4 py-2">
                <span className="min-w-0 flex-1 text-sm break-all">
                  {student.name}
                  {student.name === student.email ? null : (
                    <span className="block text-xs text-slate-600">{student.email}</span>
                  )}
                </span>
                <span className="text-xs text-slate-700">
                  {student.activityCount} {student.activityCount === 1 ? 'activity' : 'activities'}
                </span>
                <Button
                  size="sm"
                  variant="default"
                  aria-current={studentId === student.id ? 'true' : undefined}
                  onClick={() => openStudent(student.id)}
                >
                  Open
                </Button>
              </li>
            ))}
          </ul>
          {students.data.pendingInvitations.length === 0 ? null : (
            <p className="text-xs break-all text-slate-600">
              Invited, not signed in yet:{' '}
              {students.data.pendingInvitations
                .map((invitation) =>
                  invitation.name === null
                    ? invitation.email
                    : `${invitation.name} (${invitation.email})`,
                )
                .join(', ')}
            </p>
          )}
        </section>
      )}
      {studentId === null || organizationId === null ? null : (
        <StudentPage organizationId={organizationId} studentId={studentId} />
      )}
    </div>
  );
}
