import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileVideoParamsSchema } from '../media/storyfile-video.ts';
import { transcriptSchema } from './transcript.ts';

export const approveVideoTranscriptBodySchema = z.object({
  /** The revision the author read: approving words that changed since is refused (409). */
  revision: z.number().int().min(0),
});
export type ApproveVideoTranscriptBody = z.infer<typeof approveVideoTranscriptBodySchema>;

export const approveVideoTranscriptContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/videos/:videoId/transcript/approve',
  summary:
    "Marks a recognizer's draft reviewed without edits: its words then reach visitors (captions, transcript page)",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileVideoParamsSchema,
  body: approveVideoTranscriptBodySchema,
  response: transcriptSchema,
  errors: [409],
});
