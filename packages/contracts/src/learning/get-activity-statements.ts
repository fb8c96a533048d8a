import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { activityParamsSchema } from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

/** An xAPI 1.0.3 statement, as much of it as the studio writes. */
export const xapiStatementSchema = z.object({
  id: z.string(),
  actor: z.object({
    objectType: z.literal('Agent'),
    name: z.string(),
    mbox: z.string(),
  }),
  verb: z.object({ id: z.string(), display: z.record(z.string(), z.string()) }),
  object: z.object({
    objectType: z.literal('Activity'),
    id: z.string(),
    definition: z.object({
      name: z.record(z.string(), z.string()),
      type: z.string(),
    }),
  }),
  result: z
    .object({
      response: z.string().optional(),
      completion: z.boolean().optional(),
    })
    .optional(),
  context: z.object({
    contextActivities: z.object({
      parent: z.array(
        z.object({
          objectType: z.literal('Activity'),
          id: z.string(),
          definition: z.object({ name: z.record(z.string(), z.string()), type: z.string() }),
        }),
      ),
    }),
  }),
  timestamp: z.string(),
});
export type XapiStatement = z.infer<typeof xapiStatementSchema>;

export const getActivityStatementsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/activities/:id/xapi',
  summary:
    'xAPI statements of an activity: asked and answered per exchange, completed per student who met the rule; the activity and storyfile are the objects',
  tags: ['learning'],
  permission: LEARNING_OWNER,
  params: activityParamsSchema,
  query: z.object({ studentId: z.uuid().optional() }),
  response: z.object({ statements: z.array(xapiStatementSchema) }),
});
