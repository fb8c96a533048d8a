import { defineContract } from '../contract.ts';
import { activitySchema, createActivityBodySchema } from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

export const createActivityContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/learning/activities',
  summary:
    'Creates an activity: storyfiles of the organization, dates in order, a completion rule that can be met, assigned students and teams',
  tags: ['learning'],
  permission: LEARNING_OWNER,
  body: createActivityBodySchema,
  response: activitySchema,
  successStatus: 201,
  errors: [404],
});
