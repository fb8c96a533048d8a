import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { storyfileVideosSchema } from './storyfile-video.ts';

export const listStoryfileVideosContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/videos',
  summary:
    "A storyfile's answer and clip videos with fresh signed URLs (MP4, poster, speech audio), and its pending uploads",
  tags: ['media'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: storyfileVideosSchema,
});
