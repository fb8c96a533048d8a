import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { speechSettingsSchema } from './speech-settings.ts';

export const updateSpeechSettingsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/speech-settings',
  summary:
    "Chooses the recognizer of a storyfile's spoken questions (the studio's or the browser's)",
  tags: ['speech'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: speechSettingsSchema,
  response: speechSettingsSchema,
});
