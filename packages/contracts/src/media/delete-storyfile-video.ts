import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileVideoParamsSchema } from './storyfile-video.ts';

export const deleteStoryfileVideoContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/storyfiles/:id/videos/:videoId',
  summary: 'Deletes an answer or clip video (the question becomes unrecorded again)',
  tags: ['media'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileVideoParamsSchema,
  response: z.object({ id: z.string() }),
});
