import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { progressSchema } from './activity.ts';

/** Students' calls: any member of an organization with the learning module; the service scopes them to the caller. */
export const LEARNING_STUDENT = { kind: 'attribute', attribute: 'LEARNING_MODULE' } as const;

export const myActivitySchema = z.object({
  id: z.string(),
  title: z.string(),
  instructions: z.string(),
  storyfiles: z.array(z.object({ id: z.string(), name: z.string() })),
  openAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  /** Whether asking is allowed now (open and not closed, not archived). */
  isStartable: z.boolean(),
  /** Why it is not startable, in words; null when it is. */
  notStartableReason: z.string().nullable(),
  /** The rule in words, e.g. "Ask 3 questions". */
  ruleSummary: z.array(z.string()),
  progress: z.object({ ...progressSchema.shape }),
});
export type MyActivity = z.infer<typeof myActivitySchema>;

export const listMyActivitiesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/learning/my-activities',
  summary: "The caller's assigned activities (not archived) with their progress",
  tags: ['learning'],
  permission: LEARNING_STUDENT,
  isOpenToStudents: true,
  response: z.object({ items: z.array(myActivitySchema) }),
});
