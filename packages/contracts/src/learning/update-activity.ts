import { defineContract } from '../contract.ts';
import { activityParamsSchema, activitySchema, updateActivityBodySchema } from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

export const updateActivityContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/learning/activities/:id',
  summary:
    'Edits an activity (or archives it); progress is computed on read, so a changed rule is reflected at once',
  tags: ['learning'],
  permission: LEARNING_OWNER,
  params: activityParamsSchema,
  body: updateActivityBodySchema,
  response: activitySchema,
});
