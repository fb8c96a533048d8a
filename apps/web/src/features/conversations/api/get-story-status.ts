import { useQuery } from '@tanstack/react-query';
import { findInkOutline, getInkStoryContract, getInkVersionContract } from '@conversa/contracts';
import { callContract } from '@/lib/api-client';
import { conversationKeys } from './keys';

/** Whether the storyfile has a published ink story (its conversations then run it), and which. */
export function usePublishedStoryNumber(storyfileId: string) {
  return useQuery({
    queryKey: conversationKeys.storyStatus(storyfileId),
    queryFn: ({ signal }) =>
      callContract(getInkStoryContract, { params: { id: storyfileId }, signal }),
    select: (story) => story.publishedNumber,
  });
}

/**
 * The knots and stitches (`knot`, `knot.stitch`) of the published story, for the author's "Start
 * from knot…"; functions are left out. Empty while loading or without a published story.
 */
export function usePublishedStoryPlaces(storyfileId: string, publishedNumber: number | null) {
  return useQuery({
    queryKey: [...conversationKeys.storyStatus(storyfileId), 'places', publishedNumber] as const,
    queryFn: ({ signal }) =>
      callContract(getInkVersionContract, {
        params: { id: storyfileId, number: publishedNumber! },
        signal,
      }),
    select: (version) =>
      findInkOutline(version.source)
        .filter((entry) => entry.kind !== 'function')
        .map((entry) => entry.path),
    enabled: publishedNumber !== null,
  });
}

/**
 * The published story's source (the same request and cache as its places), for the author's list
 * of lines that have no video yet. Undefined while loading or without a published story.
 */
export function usePublishedStorySource(storyfileId: string, publishedNumber: number | null) {
  return useQuery({
    queryKey: [...conversationKeys.storyStatus(storyfileId), 'places', publishedNumber] as const,
    queryFn: ({ signal }) =>
      callContract(getInkVersionContract, {
        params: { id: storyfileId, number: publishedNumber! },
        signal,
      }),
    select: (version) => version.source,
    enabled: publishedNumber !== null,
  });
}
