import { z } from 'zod';
import { defineContract } from '../contract.ts';
import {
  FEEDBACK_EMAIL_INVALID_MESSAGE,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGE_REQUIRED_MESSAGE,
  FEEDBACK_MESSAGE_TOO_LONG_MESSAGE,
  FEEDBACK_PAGE_URL_MAX_LENGTH,
  feedbackKindSchema,
} from './feedback.ts';

export const createFeedbackBodySchema = z.object({
  kind: feedbackKindSchema,
  message: z
    .string()
    .trim()
    .min(1, FEEDBACK_MESSAGE_REQUIRED_MESSAGE)
    .max(FEEDBACK_MESSAGE_MAX_LENGTH, FEEDBACK_MESSAGE_TOO_LONG_MESSAGE),
  /** The page the person was on, so a bug report says where it happened. */
  pageUrl: z.string().trim().min(1).max(FEEDBACK_PAGE_URL_MAX_LENGTH),
  /** Where to reply, when it differs from the account's email; blank means none. */
  email: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.email(FEEDBACK_EMAIL_INVALID_MESSAGE).max(320).optional())
    .optional(),
});
export type CreateFeedbackBody = z.infer<typeof createFeedbackBodySchema>;

export const createFeedbackResponseSchema = z.object({ id: z.uuid() });
export type CreateFeedbackResponse = z.infer<typeof createFeedbackResponseSchema>;

export const createFeedbackContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/feedback',
  summary: 'Stores a Give Feedback or Report a Bug submission of the signed-in user',
  tags: ['feedback'],
  permission: { kind: 'loggedIn' },
  // Students too: the shell reads who is signed in, and its footer sends feedback.
  isOpenToStudents: true,
  body: createFeedbackBodySchema,
  response: createFeedbackResponseSchema,
  successStatus: 201,
});
