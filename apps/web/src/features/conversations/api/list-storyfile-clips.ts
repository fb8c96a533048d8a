import { queryOptions, useQuery } from '@tanstack/react-query';
import { listStoryfileVideosContract, type ClipKind } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import type { PlayerClip } from '../utils/player-machine';
import { conversationKeys, getSignedUrlStaleTime } from './keys';

export function listStoryfileVideos(id: string, signal?: AbortSignal) {
  return callContract(listStoryfileVideosContract, {
    params: { id },
    ...(signal ? { signal } : {}),
  });
}

export type StoryfileClips = Record<ClipKind, PlayerClip | null> & { answerCount: number };

export const listStoryfileClipsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: conversationKeys.videos(id),
    queryFn: ({ signal }) => listStoryfileVideos(id, signal),
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
            captionUrl: null,
          };
        } else {
          clips.answerCount += 1;
        }
      }
      return clips;
    },
    staleTime: (query) => getSignedUrlStaleTime(query.state.data?.videos[0]?.urlsExpireAt),
    refetchInterval: (query) => getSignedUrlStaleTime(query.state.data?.videos[0]?.urlsExpireAt),
  });

/** The storyfile's clips (idle loop, intro, fallbacks) with fresh signed URLs, for the studio player. */
export function useStoryfileClips(id: string) {
  return useQuery(listStoryfileClipsQueryOptions(id));
}
