/**
 * What the studio says when an organization lacks LEARNING_MODULE (issue 44: a student was
 * invited and assigned an activity they could never open, and met only "This feature is not
 * enabled for your account."). The owner is told before inviting a student; the student is told
 * why and whom to ask.
 */
export function describeLearningModuleOff(organizationLabel: string): string {
  return `${organizationLabel} does not have the learning module: its students (the Restricted User role) cannot open any activity until it is turned on.`;
}

/** Who may turn the module on: the attribute is set by platform admins only. */
export const LEARNING_MODULE_ASK_ADMIN_HINT =
  'A platform admin turns it on in Account › Organizations.';

/** The student's own screen when none of their organizations has the module. */
export const STUDENT_LEARNING_OFF_TITLE = 'Your activities are not open yet';

export function describeStudentLearningOff(organizationLabels: readonly string[]): string {
  const named =
    organizationLabels.length === 0 ? 'Your organization' : organizationLabels.join(', ');
  const verb = organizationLabels.length > 1 ? 'have' : 'has';
  return `${named} ${verb} not turned on learning yet, so the activities assigned to you cannot open. Ask the person who invited you to turn on the learning module; your activities will be here as soon as it is on.`;
}
