import {
  checkRequirement,
  describeAttributeOwner,
  describeStudentLearningOff,
  FEATURE_NOT_ENABLED_MESSAGE,
  STUDENT_LEARNING_OFF_TITLE,
  findRoute,
  getRouteRequirement,
  isForStudent,
  isStudentPath,
  STUDENT_HOME_PATH,
  type CurrentUser,
} from '@conversa/contracts';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Alert } from '@/components/ui/alert';

/**
 * Shows a screen only to users its route allows (the route table's requirement, spec §2/§6);
 * others get the role-check message instead. The server enforces the same rules on every call.
 */
export function RouteGuard({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const { pathname } = useLocation();
  // A student sees their activities and nothing else (issue 18); the server refuses the rest.
  if (isForStudent(user) && !isStudentPath(pathname)) {
    return <Navigate to={STUDENT_HOME_PATH} replace />;
  }
  const requirement = getRouteRequirement(pathname);
  const result = checkRequirement(user, requirement);
  if (result.ok) {
    return <>{children}</>;
  }
  // A student whose organization lacks the learning module has nowhere else to go: say why and
  // whom to ask, not "This feature is not enabled" with a link back to this very page.
  if (isForStudent(user)) {
    return (
      <div className="space-y-6">
        <PageHeader title={STUDENT_LEARNING_OFF_TITLE} />
        <p className="max-w-2xl rounded-xl border border-slate-200 bg-white p-5 text-slate-700">
          {describeStudentLearningOff(user.namespaces.map((namespace) => namespace.label))}
        </p>
      </div>
    );
  }
  const label = findRoute(pathname)?.label;
  return (
    <div className="space-y-6">
      <PageHeader title={label === undefined ? 'No access' : `No access to ${label}`} />
      <Alert kind="error">{result.message}</Alert>
      {/* The role suffices and the organization lacks the feature: say who switches it on. */}
      {requirement.kind === 'attribute' && result.message === FEATURE_NOT_ENABLED_MESSAGE ? (
        <p className="max-w-2xl text-slate-700">{describeAttributeOwner(requirement.attribute)}</p>
      ) : null}
      <Link to="/dashboard" className="inline-block font-semibold text-brand-700 hover:underline">
        Back to the dashboard
      </Link>
    </div>
  );
}
