import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { speechHintsSchema } from './speech-hints.ts';

export const getSpeechHintsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/speech-hints',
  summary: 'The custom words of the storyfile’s namespace, as hints for the browser’s recognizer',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: speechHintsSchema,
});
