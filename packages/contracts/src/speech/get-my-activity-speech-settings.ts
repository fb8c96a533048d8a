import { defineContract } from '../contract.ts';
import { activityParamsSchema } from '../learning/activity.ts';
import { LEARNING_STUDENT } from '../learning/list-my-activities.ts';
import { speechSettingsSchema } from './speech-settings.ts';
import { speechToTextQuerySchema } from './speech-to-text.ts';

export const getMyActivitySpeechSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/my-activities/:id/speech-settings',
  summary:
    "Which recognizer hears a student's spoken questions to one of the activity's storyfiles",
  tags: ['speech'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: activityParamsSchema,
  query: speechToTextQuerySchema,
  response: speechSettingsSchema,
});
