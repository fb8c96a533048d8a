import { defineContract } from '../contract.ts';
import {
  AUDIO_BODY,
  MAX_SPEECH_BYTES,
  speechToTextQuerySchema,
  speechToTextResponseSchema,
} from './speech-to-text.ts';

export const speechToTextContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/speech2text',
  summary: `The studio's speech2text gateway: the words of a spoken question to a storyfile, heard with the storyfile's own vocabulary. ${AUDIO_BODY}`,
  tags: ['speech'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'storyfileId',
  query: speechToTextQuerySchema,
  response: speechToTextResponseSchema,
  bodyLimit: MAX_SPEECH_BYTES,
  // A visitor's or a storyfile's share of the recognizer used up (fair share, issue 53).
  errors: [429],
});
