import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';
import { AUDIO_BODY, MAX_SPEECH_BYTES, speechToTextResponseSchema } from './speech-to-text.ts';

export const publicSpeechToTextContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/public/storyfiles/:slug/speech2text',
  summary: `A visitor's spoken question to a published storyfile, rate-limited per visitor and per storyfile like the public ask. ${AUDIO_BODY}`,
  tags: ['speech'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: speechToTextResponseSchema,
  bodyLimit: MAX_SPEECH_BYTES,
  errors: [429],
});
