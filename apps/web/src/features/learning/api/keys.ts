/** Query keys of the learning module; invalidating `all` refreshes lists, rosters and pages. */
export const learningKeys = {
  all: ['learning'] as const,
  activities: (organizationId: string, includeArchived: boolean) =>
    [...learningKeys.all, 'activities', organizationId, includeArchived] as const,
  activity: (id: string, query: object = {}) =>
    [...learningKeys.all, 'activity', id, query] as const,
  students: (organizationId: string) => [...learningKeys.all, 'students', organizationId] as const,
  student: (organizationId: string, id: string) =>
    [...learningKeys.all, 'student', organizationId, id] as const,
  organizations: () => [...learningKeys.all, 'organizations'] as const,
  storyfileTopics: (storyfileId: string) =>
    [...learningKeys.all, 'storyfile-topics', storyfileId] as const,
  teams: (organizationId: string) => [...learningKeys.all, 'teams', organizationId] as const,
  myActivities: () => [...learningKeys.all, 'my-activities'] as const,
  myActivity: (id: string) => [...learningKeys.all, 'my-activity', id] as const,
  // Not under myActivity(id): an answer refreshes the activity, never the clips the player shows.
  myActivityStoryfile: (id: string, storyfileId: string) =>
    [...learningKeys.all, 'my-activity-storyfile', id, storyfileId] as const,
};
