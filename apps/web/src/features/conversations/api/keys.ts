/** Query keys of the conversation player, publishing and matching settings. */
export const conversationKeys = {
  all: ['conversations'] as const,
  matchingSettings: (storyfileId: string) =>
    [...conversationKeys.all, 'matching-settings', storyfileId] as const,
  publication: (storyfileId: string) =>
    [...conversationKeys.all, 'publication', storyfileId] as const,
  publicStoryfile: (slug: string) => [...conversationKeys.all, 'public', slug] as const,
  speechSettings: (storyfileId: string) =>
    [...conversationKeys.all, 'speech-settings', storyfileId] as const,
  storyStatus: (storyfileId: string) =>
    [...conversationKeys.all, 'story-status', storyfileId] as const,
};
