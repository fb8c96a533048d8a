import type { ListReviewItemsQuery } from '@conversa/contracts';

/** Query keys of Response quality; invalidating `all` refreshes the inbox, groups and history. */
export const trainingKeys = {
  all: ['training'] as const,
  items: (query: ListReviewItemsQuery) => [...trainingKeys.all, 'items', query] as const,
  clusters: (storyfileId: string) => [...trainingKeys.all, 'clusters', storyfileId] as const,
  answers: (storyfileId: string) => [...trainingKeys.all, 'answers', storyfileId] as const,
  actions: (storyfileId: string) => [...trainingKeys.all, 'actions', storyfileId] as const,
  learned: (storyfileId: string) => [...trainingKeys.all, 'learned', storyfileId] as const,
  /** Moves with the storyfile's recorded answers, which take questions off the list. */
  recordNext: (storyfileId: string, answeredCount?: number) =>
    [...trainingKeys.all, 'record-next', storyfileId, answeredCount ?? null] as const,
};
