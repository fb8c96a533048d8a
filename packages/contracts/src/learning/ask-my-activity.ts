import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  askBodyFieldsSchema,
  publicAskResponseSchema,
  refuseEmptyTypedQuestion,
} from '../conversations/conversation.ts';
import { activityParamsSchema, progressSchema } from './activity.ts';
import { LEARNING_STUDENT } from './list-my-activities.ts';

export const askMyActivityContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/learning/my-activities/:id/ask',
  summary:
    "A student asks one of the activity's storyfiles through the studio's ask path; the exchange is logged with the activity and the student, and the new progress comes back, with the suggestions when it asks back",
  tags: ['learning'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  params: activityParamsSchema,
  body: refuseEmptyTypedQuestion(askBodyFieldsSchema.extend({ storyfileId: z.uuid() })),
  response: publicAskResponseSchema.extend({ progress: progressSchema }),
});
