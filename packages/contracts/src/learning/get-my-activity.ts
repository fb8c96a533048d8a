import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { activityParamsSchema, transcriptEntrySchema } from './activity.ts';
import { LEARNING_STUDENT, myActivitySchema } from './list-my-activities.ts';

export const getMyActivityContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/my-activities/:id',
  summary: "One of the caller's activities: instructions, progress and their own transcript so far",
  tags: ['learning'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: activityParamsSchema,
  response: z.object({
    activity: myActivitySchema,
    transcript: z.array(transcriptEntrySchema),
  }),
});
