import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileVideoParamsSchema } from '../media/storyfile-video.ts';
import { transcriptSchema } from './transcript.ts';

export const undoTranscriptRedraftBodySchema = z.object({
  /** The revision the author read: undoing over words that changed since is refused (409). */
  revision: z.number().int().min(0),
});
export type UndoTranscriptRedraftBody = z.infer<typeof undoTranscriptRedraftBodySchema>;

export const undoTranscriptRedraftContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/videos/:videoId/transcript/undo-redraft',
  summary:
    "Puts back the draft a redraft with the storyfile's voice replaced (issue 52); the draft still needs review",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileVideoParamsSchema,
  body: undoTranscriptRedraftBodySchema,
  response: transcriptSchema,
  errors: [409],
});
