import { z } from 'zod';
import { defineContract } from '../contract.ts';

export const feedbackConfigSchema = z.object({
  /** External form embedded in the feedback dialogs instead of the studio's own form; null = ours. */
  formUrl: z.url().nullable(),
});
export type FeedbackConfig = z.infer<typeof feedbackConfigSchema>;

export const getFeedbackConfigContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/feedback/config',
  summary: 'How the feedback dialogs collect submissions (FEEDBACK_FORM_URL)',
  tags: ['feedback'],
  permission: { kind: 'loggedIn' },
  // Students too: the shell reads who is signed in, and its footer sends feedback.
  isOpenToStudents: true,
  response: feedbackConfigSchema,
});
