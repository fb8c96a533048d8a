import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { activityParamsSchema, activitySchema, rosterRowSchema } from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

export const getActivityContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/activities/:id',
  summary:
    "An activity with its roster: each assigned student's state and progress toward the rule, computed from their logged exchanges",
  tags: ['learning'],
  permission: LEARNING_OWNER,
  params: activityParamsSchema,
  response: z.object({ activity: activitySchema, roster: z.array(rosterRowSchema) }),
});
