import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { activityParamsSchema } from '../learning/activity.ts';
import { LEARNING_STUDENT } from '../learning/list-my-activities.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';

/** Longest recording a spoken question may be, in seconds. */
export const MAX_SPEECH_SECONDS = 30;
/** Largest recording accepted, in bytes (30 s of 48 kHz stereo WAV fits; Opus is far smaller). */
export const MAX_SPEECH_BYTES = 8 * 1024 * 1024;

/** What the studio's recognizer heard in one recording. */
export const speechToTextResponseSchema = z.object({
  /** The words heard; '' when speech was heard but not understood. */
  text: z.string(),
  /** 0–1; null when the recognizer gives none. */
  confidence: z.number().nullable(),
  /** Other readings, best first, when the recognizer gives an n-best list. */
  alternatives: z.array(z.object({ text: z.string(), confidence: z.number().nullable() })),
  /** `pocketsphinx` (embedded, the default) or `external` (SPEECH_TO_TEXT_URL). */
  recognizer: z.enum(['pocketsphinx', 'external']),
  /** Length of the recording heard. */
  audioSeconds: z.number(),
  /** Time from the recording received to the words (conversion and recognition). */
  processingSeconds: z.number(),
});
export type SpeechToTextResponse = z.infer<typeof speechToTextResponseSchema>;

const AUDIO_BODY =
  'The request body is the recording itself (Content-Type audio/webm or audio/ogg with Opus, as MediaRecorder makes it, or audio/wav), at most 30 seconds and 8 MB; it is converted to 16 kHz mono, recognized and deleted, never stored';

export const speechToTextQuerySchema = z.object({ storyfileId: z.uuid() });

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
});

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

export const myActivitySpeechToTextContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/learning/my-activities/:id/speech2text',
  summary: `A student's spoken question to one of the activity's storyfiles. ${AUDIO_BODY}`,
  tags: ['speech'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: activityParamsSchema,
  query: speechToTextQuerySchema,
  response: speechToTextResponseSchema,
  bodyLimit: MAX_SPEECH_BYTES,
});
