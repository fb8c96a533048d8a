import { defineContract } from '../contract.ts';
import { storyfileVideoParamsSchema } from '../media/storyfile-video.ts';
import { transcriptSchema } from './transcript.ts';

export const getVideoTranscriptContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/videos/:videoId/transcript',
  summary: "An answer or clip video's transcript: its text, its captions and whether it is a draft",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileVideoParamsSchema,
  response: transcriptSchema,
});
