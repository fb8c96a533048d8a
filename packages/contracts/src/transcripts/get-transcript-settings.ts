import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { transcriptSettingsSchema } from './transcript-review.ts';

export const getTranscriptSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/transcript-settings',
  summary: "Whether a storyfile shows visitors its answers' drafts no author reviewed yet",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: transcriptSettingsSchema,
});
