import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { speechSettingsSchema } from './speech-settings.ts';

export const getSpeechSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/speech-settings',
  summary: "Which recognizer hears a storyfile's spoken questions",
  tags: ['speech'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: speechSettingsSchema,
});
