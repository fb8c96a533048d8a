import { defineContract } from '../contract.ts';
import { SPEECH_STREAM_MESSAGES, speechStreamServerMessageSchema } from './speech-stream.ts';
import { speechToTextQuerySchema } from './speech-to-text.ts';

export const speechStreamContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/speech2text/stream',
  summary: `The speech2text gateway's stream: a spoken question heard while it is recorded, same access and limits as its upload. ${SPEECH_STREAM_MESSAGES}`,
  tags: ['speech'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'storyfileId',
  query: speechToTextQuerySchema,
  response: speechStreamServerMessageSchema,
  successStatus: 101,
});
