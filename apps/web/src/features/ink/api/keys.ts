/** Query keys of the ink story editor. */
export const inkKeys = {
  all: ['ink'] as const,
  story: (storyfileId: string) => [...inkKeys.all, 'story', storyfileId] as const,
  version: (storyfileId: string, number: number) =>
    [...inkKeys.all, 'version', storyfileId, number] as const,
  states: (query: object) => [...inkKeys.all, 'states', query] as const,
  state: (conversationId: string) => [...inkKeys.all, 'state', conversationId] as const,
};
