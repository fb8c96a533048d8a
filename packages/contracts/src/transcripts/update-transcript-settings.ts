import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { transcriptSettingsSchema } from './transcript-review.ts';

export const updateTranscriptSettingsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/transcript-settings',
  summary:
    "Chooses whether visitors see a storyfile's drafts not reviewed yet (labelled automatic) or only reviewed words",
  tags: ['transcripts'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: transcriptSettingsSchema,
  response: transcriptSettingsSchema,
});
