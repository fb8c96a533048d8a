import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';
import { speechHintsSchema } from './speech-hints.ts';

export const getPublicSpeechHintsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/storyfiles/:slug/speech-hints',
  summary:
    'The custom words of a published storyfile’s namespace that its questions use, as recognizer hints',
  tags: ['training'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: speechHintsSchema,
});
