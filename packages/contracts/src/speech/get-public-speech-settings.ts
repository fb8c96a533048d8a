import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';
import { speechSettingsSchema } from './speech-settings.ts';

export const getPublicSpeechSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/storyfiles/:slug/speech-settings',
  summary: "Which recognizer hears a published storyfile's spoken questions",
  tags: ['speech'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: speechSettingsSchema,
});
