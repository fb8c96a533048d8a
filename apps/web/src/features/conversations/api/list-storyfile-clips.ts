import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClipKind } from '@conversa/contracts';
import { storyfileVideosQueryOptions } from '@/lib/storyfile-queries';
import type { PlayerClip } from '../utils/player-machine';

export type StoryfileClips = Record<ClipKind, PlayerClip | null> & { answerCount: number };

export const listStoryfileClipsQueryOptions = (id: string) =>
  // The same query as the script's videos: one request and one cache, refreshed by uploads.
  queryOptions({
    ...storyfileVideosQueryOptions(id),
    select: (data): StoryfileClips => {
      const clips: StoryfileClips = {
        idle: null,
        intro: null,
        cannotAnswer: null,
        pleaseRepeat: null,
        answerCount: 0,
      };
      for (const video of data.videos) {
        if (video.clipKind) {
          clips[video.clipKind] = {
            url: video.videoUrl,
            posterUrl: video.posterUrl,
            captionsUrl: video.captionsUrl,
          };
        } else {
          clips.answerCount += 1;
        }
      }
      return clips;
    },
  });

/** The storyfile's clips (idle loop, intro, fallbacks) with fresh signed URLs, for the studio player. */
export function useStoryfileClips(id: string) {
  return useQuery(listStoryfileClipsQueryOptions(id));
}
