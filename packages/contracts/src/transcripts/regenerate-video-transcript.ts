import { defineContract } from '../contract.ts';
import { storyfileVideoParamsSchema } from '../media/storyfile-video.ts';
import { transcriptSchema } from './transcript.ts';

export const regenerateVideoTranscriptContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/videos/:videoId/transcript/regenerate',
  summary:
    "Makes a new draft of a video's transcript with the storyfile's recognizer (replaces the saved one when it is ready)",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileVideoParamsSchema,
  response: transcriptSchema,
  successStatus: 202,
});
