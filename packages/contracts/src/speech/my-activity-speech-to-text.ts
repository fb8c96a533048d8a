import { defineContract } from '../contract.ts';
import { activityParamsSchema } from '../learning/activity.ts';
import { LEARNING_STUDENT } from '../learning/list-my-activities.ts';
import {
  AUDIO_BODY,
  MAX_SPEECH_BYTES,
  speechToTextQuerySchema,
  speechToTextResponseSchema,
} from './speech-to-text.ts';

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
  // A visitor's or a storyfile's share of the recognizer used up (fair share, issue 53).
  errors: [429],
});
