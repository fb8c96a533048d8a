import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { organizationQuerySchema, studentSchema } from './activity.ts';
import { LEARNING_OWNER } from './list-activities.ts';

export const listStudentsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/students',
  summary:
    'Students of an organization the caller owns: its members with the restricted role (restricted:ns), with their teams and pending invitations',
  tags: ['learning'],
  permission: LEARNING_OWNER,
  query: organizationQuerySchema,
  response: z.object({
    items: z.array(studentSchema.extend({ activityCount: z.number().int() })),
    pendingInvitations: z.array(
      z.object({
        id: z.string(),
        email: z.string(),
        name: z.string().nullable(),
        expiresAt: z.string(),
      }),
    ),
  }),
  errors: [404],
});
