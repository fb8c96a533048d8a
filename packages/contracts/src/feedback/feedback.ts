import { z } from 'zod';

/** What a submission is: general feedback (Give Feedback) or a bug report (Report a Bug). */
export const FEEDBACK_KINDS = ['feedback', 'bug'] as const;
export const feedbackKindSchema = z.enum(FEEDBACK_KINDS);
export type FeedbackKind = z.infer<typeof feedbackKindSchema>;

export const FEEDBACK_MESSAGE_MAX_LENGTH = 5000;
/** Long enough for any address the studio builds, short enough that nobody stores a novel in it. */
export const FEEDBACK_PAGE_URL_MAX_LENGTH = 2000;

/** Dialog titles of the footer entries (spec §2 Layout). */
export const FEEDBACK_DIALOG_TITLES = {
  feedback: 'Give Feedback',
  bug: 'Report a Bug',
} as const satisfies Record<FeedbackKind, string>;

export const FEEDBACK_MESSAGE_REQUIRED_MESSAGE = 'Write a message before sending.';
export const FEEDBACK_MESSAGE_TOO_LONG_MESSAGE = `A message can have at most ${FEEDBACK_MESSAGE_MAX_LENGTH} characters.`;
export const FEEDBACK_EMAIL_INVALID_MESSAGE = 'Enter a valid email address, or leave it empty.';
export const FEEDBACK_SENT_MESSAGE = 'Thank you! Your message has been sent.';
