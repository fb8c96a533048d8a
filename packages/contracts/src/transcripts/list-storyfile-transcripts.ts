import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { transcriptStatusSchema, transcriptSummarySchema } from './transcript.ts';

export const storyfileTranscriptsSchema = z.object({
  /** How many of the storyfile's videos stand at each status (drafts still being made: `pending`). */
  counts: z.record(transcriptStatusSchema, z.number().int()),
  /** How many drafts with words no author saved or approved yet: what is left to review. */
  needsReview: z.number().int(),
  /** How many drafts were redone with the storyfile's voice (issue 52), each undoable. */
  redrafted: z.number().int(),
  transcripts: z.array(transcriptSummarySchema),
});
export type StoryfileTranscripts = z.infer<typeof storyfileTranscriptsSchema>;

export const listStoryfileTranscriptsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/transcripts',
  summary:
    "Every video's transcript of a storyfile with how many drafts are still being made (the drafts' progress)",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: storyfileTranscriptsSchema,
});
