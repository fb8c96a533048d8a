import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  activitySchema,
  organizationQuerySchema,
  progressSchema,
  studentSchema,
  transcriptEntrySchema,
} from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

export const getStudentContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/students/:userId',
  summary:
    "A student's activities with their states, and the transcript of each (the student's exchanges in that activity, answers playable)",
  tags: ['learning'],
  permission: LEARNING_OWNER,
  params: z.object({ userId: z.uuid() }),
  query: organizationQuerySchema,
  response: z.object({
    student: studentSchema,
    activities: z.array(
      z.object({
        activity: activitySchema,
        progress: progressSchema,
        transcript: z.array(transcriptEntrySchema),
      }),
    ),
  }),
});
