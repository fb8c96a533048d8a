import { defineContract } from '../contract.ts';
import { activityParamsSchema, activitySchema } from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

export const duplicateActivityContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/learning/activities/:id/duplicate',
  summary:
    'Copies an activity (title, instructions, storyfiles, dates, rule, assignees), not archived',
  tags: ['learning'],
  permission: LEARNING_OWNER,
  params: activityParamsSchema,
  response: activitySchema,
  successStatus: 201,
});
