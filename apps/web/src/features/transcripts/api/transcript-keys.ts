import { storyfileKeys } from '@/lib/storyfile-queries';

/** Query keys of the transcripts feature, below the storyfile's so a storyfile refresh reaches them. */
export const transcriptKeys = {
  list: (storyfileId: string) => [...storyfileKeys.all, 'transcripts', storyfileId] as const,
  video: (storyfileId: string, videoId: string) =>
    [...storyfileKeys.all, 'transcripts', storyfileId, 'video', videoId] as const,
};
