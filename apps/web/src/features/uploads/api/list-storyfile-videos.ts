import { useQuery } from '@tanstack/react-query';
import { storyfileVideosQueryOptions } from '@/lib/storyfile-queries';

/** The storyfile's processed videos with signed URLs, and its pending uploads: one call per storyfile. */
export function useStoryfileVideos(storyfileId: string) {
  return useQuery(storyfileVideosQueryOptions(storyfileId));
}
