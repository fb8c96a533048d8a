/** Query keys of the storyfile screens; invalidating a prefix refreshes everything below it. */
export const storyfileKeys = {
  all: ['storyfiles'] as const,
  lists: () => [...storyfileKeys.all, 'list'] as const,
  detail: (id: string) => [...storyfileKeys.all, 'detail', id] as const,
  nameTaken: (name: string, namespaceId: string, excludeId: string | undefined) =>
    [...storyfileKeys.all, 'name-taken', namespaceId, excludeId ?? '', name] as const,
  scripts: () => [...storyfileKeys.all, 'scripts'] as const,
};

/** The auth/me query (owned by the auth feature): it lists each namespace's storyfiles. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;
