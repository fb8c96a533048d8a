/** Query keys of the script library; invalidating a prefix refreshes everything under it. */
export const libraryKeys = {
  all: ['library'] as const,
  scripts: () => [...libraryKeys.all, 'scripts'] as const,
  scriptLists: () => [...libraryKeys.scripts(), 'list'] as const,
  script: (id: string) => [...libraryKeys.scripts(), 'detail', id] as const,
  topics: () => [...libraryKeys.all, 'topics'] as const,
  topicLists: () => [...libraryKeys.topics(), 'list'] as const,
  topic: (id: string) => [...libraryKeys.topics(), 'detail', id] as const,
};
