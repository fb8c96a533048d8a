import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { activitySchema, progressStateSchema } from './activity.ts';

export const LEARNING_OWNER = {
  kind: 'attribute',
  attribute: 'LEARNING_MODULE',
  scope: 'owner:ns',
} as const;

export const listActivitiesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/activities',
  summary:
    'Activities of the organizations the caller owns (with the learning module), newest first, with counts of students per state',
  tags: ['learning'],
  permission: LEARNING_OWNER,
  query: z.object({
    organizationId: z.uuid().optional(),
    includeArchived: z.stringbool().default(false),
  }),
  response: z.object({
    items: z.array(
      activitySchema.extend({ counts: z.partialRecord(progressStateSchema, z.number().int()) }),
    ),
  }),
  errors: [404],
});
