import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileVideoParamsSchema } from '../media/storyfile-video.ts';
import { captionCueSchema, TRANSCRIPT_MAX_CUES, transcriptSchema } from './transcript.ts';

export const saveVideoTranscriptBodySchema = z.object({
  /** The captions as the author left them; their text, joined, becomes the transcript. */
  cues: z.array(captionCueSchema).min(1).max(TRANSCRIPT_MAX_CUES),
  /** The revision the author edited: a save over a newer one is refused (409). */
  revision: z.number().int().min(0),
  /**
   * Re-time the cues whose words changed by aligning the new words to the recording (default),
   * or keep every time as sent (the author moved them by hand).
   */
  timing: z.enum(['align', 'as-sent']).default('align'),
});
export type SaveVideoTranscriptBody = z.input<typeof saveVideoTranscriptBodySchema>;

export const saveVideoTranscriptContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/videos/:videoId/transcript',
  summary:
    "Saves an author's transcript and captions (no longer a draft); changed words are re-timed against the recording",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileVideoParamsSchema,
  body: saveVideoTranscriptBodySchema,
  response: transcriptSchema,
  errors: [409],
});
