import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLearningOrganizations } from '../api/organizations';
import { useStudents } from '../api/students';
import { InviteStudents } from './invite-students';
import { LearningModuleNotice } from './learning-module-notice';
import { OrganizationPicker } from './organization-picker';
import { StudentPage } from './student-page';
import { formatCount } from '@/lib/format';

/** /learning/students: the organization's students (restricted members), invitations, one student's page. */
export function StudentsScreen({ isAdmin }: { isAdmin: boolean }) {
  const organizations = useLearningOrganizations(isAdmin);
  const [searchParams, setSearchParams] = useSearchParams();
  const organizationId = searchParams.get('organization') ?? organizations.data?.[0]?.id ?? null;
  const studentId = searchParams.get('student');
  const organization = organizations.data?.find((item) => item.id === organizationId);
  // Told by the notice, with the way to turn it on; inviting waits until it is on.
  const isLearningOff =
    organization !== undefined && organization.attributes.LEARNING_MODULE !== true;
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
      <LearningModuleNotice organization={organization} />
      {organizationId === null || isLearningOff ? null : (
        <InviteStudents organizationId={organizationId} />
      )}
      {students.isPending && organizationId !== null ? <Spinner label="Loading students" /> : null}
      {students.isError && !isLearningOff ? (
        <Alert kind="error">{students.error.message}</Alert>
      ) : null}
      {students.data === undefined ? null : (
        <section aria-labelledby="student-list" className="space-y-2">
          <h2 id="student-list" className="text-base font-semibold text-slate-900">
            {formatCount(students.data.items.length, 'student')}
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
                  {formatCount(student.activityCount, 'activity', 'activities')}
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
