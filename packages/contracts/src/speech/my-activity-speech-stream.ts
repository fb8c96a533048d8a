import { defineContract } from '../contract.ts';
import { activityParamsSchema } from '../learning/activity.ts';
import { LEARNING_STUDENT } from '../learning/list-my-activities.ts';
import { SPEECH_STREAM_MESSAGES, speechStreamServerMessageSchema } from './speech-stream.ts';
import { speechToTextQuerySchema } from './speech-to-text.ts';

export const myActivitySpeechStreamContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/my-activities/:id/speech2text/stream',
  summary: `A student's spoken question to one of the activity's storyfiles, streamed while recorded. ${SPEECH_STREAM_MESSAGES}`,
  tags: ['speech'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: activityParamsSchema,
  query: speechToTextQuerySchema,
  response: speechStreamServerMessageSchema,
  successStatus: 101,
});
