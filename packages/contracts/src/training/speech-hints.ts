import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';

// Apart from the other insights: the public player imports these, and a module it imports is
// bundled whole, so the calibration and coverage schemas would otherwise ride along on every
// visitor's first load (issue 21).

/** At most this many terms are handed to the browser's recognizer. */
export const MAX_SPEECH_HINTS = 500;

export const speechHintsSchema = z.object({ terms: z.array(z.string()) });
export type SpeechHints = z.infer<typeof speechHintsSchema>;

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

export const getPublicSpeechHintsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/storyfiles/:slug/speech-hints',
  summary: 'The custom words of a published storyfile’s namespace, as recognizer hints',
  tags: ['training'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: speechHintsSchema,
});
