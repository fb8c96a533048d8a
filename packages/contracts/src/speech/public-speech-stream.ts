import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';
import { SPEECH_STREAM_MESSAGES, speechStreamServerMessageSchema } from './speech-stream.ts';

export const publicSpeechStreamContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/storyfiles/:slug/speech2text/stream',
  summary: `A visitor's spoken question to a published storyfile, streamed while recorded; one stream counts as one recording against the public ask's limits. ${SPEECH_STREAM_MESSAGES}`,
  tags: ['speech'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: speechStreamServerMessageSchema,
  successStatus: 101,
  errors: [429],
});
