import { z } from 'zod';
import { askMediaSchema } from '../conversations/conversation.ts';
import { exchangeFeedbackSchema } from '../training/exchange-rating.ts';

/** Messages of the learning module (the spec gives none; these follow its style). */
export const ACTIVITY_DATES_OUT_OF_ORDER_MESSAGE =
  'The dates must be in order: open, then due, then close.';
export const COMPLETION_RULE_EMPTY_MESSAGE =
  'Choose at least one way to complete the activity: questions, answers, topics or minutes.';
export const ACTIVITY_NOT_FOUND_MESSAGE = 'This activity does not exist or is not yours to see.';
export const STUDENT_NOT_FOUND_MESSAGE = 'This student does not exist or is not yours to see.';
export const ACTIVITY_NOT_OPEN_MESSAGE = 'This activity is not open yet.';
export const ACTIVITY_CLOSED_MESSAGE = 'This activity is closed.';
export const ACTIVITY_ARCHIVED_MESSAGE = 'This activity is archived.';
/** The organization of the activity does not have the LEARNING_MODULE attribute (spec §6). */
export const LEARNING_NOT_ENABLED_MESSAGE = 'This feature is not enabled for your account.';

export const MAX_ACTIVITY_TITLE_LENGTH = 200;
export const MAX_ACTIVITY_INSTRUCTIONS_LENGTH = 5000;
export const MAX_ACTIVITY_STORYFILES = 10;
export const MAX_RULE_COUNT = 1000;
export const MAX_RULE_MINUTES = 600;

/**
 * What completes an activity: every criterion given must be met (a combination is all of them).
 * Topics are the storyfiles' own topics (their script); each must belong to one of them.
 */
export const completionRuleSchema = z.object({
  questionsAsked: z.number().int().min(1).max(MAX_RULE_COUNT).optional(),
  distinctAnswers: z.number().int().min(1).max(MAX_RULE_COUNT).optional(),
  topicIds: z.array(z.uuid()).min(1).max(100).optional(),
  minutes: z.number().int().min(1).max(MAX_RULE_MINUTES).optional(),
});
export type CompletionRule = z.infer<typeof completionRuleSchema>;

/**
 * Whether a rule names no criterion (refused with COMPLETION_RULE_EMPTY_MESSAGE). The server checks
 * it after the permission, so an empty rule from someone without access still answers 401/403.
 */
export function isCompletionRuleEmpty(rule: CompletionRule): boolean {
  return (
    rule.questionsAsked === undefined &&
    rule.distinctAnswers === undefined &&
    rule.topicIds === undefined &&
    rule.minutes === undefined
  );
}

const dateSchema = z.iso.datetime({ offset: true }).nullable();

const activityFieldsObjectSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Give the activity a title.')
    .max(
      MAX_ACTIVITY_TITLE_LENGTH,
      `A title can have at most ${MAX_ACTIVITY_TITLE_LENGTH} characters.`,
    ),
  instructions: z
    .string()
    .max(
      MAX_ACTIVITY_INSTRUCTIONS_LENGTH,
      `Instructions can have at most ${MAX_ACTIVITY_INSTRUCTIONS_LENGTH} characters.`,
    )
    .default(''),
  storyfileIds: z
    .array(z.uuid())
    .min(1, 'Choose at least one storyfile.')
    .max(MAX_ACTIVITY_STORYFILES, `Choose at most ${MAX_ACTIVITY_STORYFILES} storyfiles.`),
  openAt: dateSchema.default(null),
  dueAt: dateSchema.default(null),
  closeAt: dateSchema.default(null),
  rule: completionRuleSchema,
  studentIds: z.array(z.uuid()).max(5000).default([]),
  teamIds: z.array(z.uuid()).max(100).default([]),
});

const DATES_IN_ORDER = {
  path: ['dueAt'],
  message: ACTIVITY_DATES_OUT_OF_ORDER_MESSAGE,
};

/** The fields an author sets when creating an activity. */
export const createActivityBodySchema = activityFieldsObjectSchema
  .extend({ organizationId: z.uuid() })
  .refine(areDatesInOrder, DATES_IN_ORDER);
export type CreateActivityBody = z.input<typeof createActivityBodySchema>;

/** Editing sets every field again, and archives or restores. */
export const updateActivityBodySchema = activityFieldsObjectSchema
  .extend({ isArchived: z.boolean().default(false) })
  .refine(areDatesInOrder, DATES_IN_ORDER);
export type UpdateActivityBody = z.input<typeof updateActivityBodySchema>;

/** Open ≤ due ≤ close, over the dates that are set. */
export function areDatesInOrder(dates: {
  openAt?: string | null;
  dueAt?: string | null;
  closeAt?: string | null;
}): boolean {
  const times = [dates.openAt, dates.dueAt, dates.closeAt]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => Date.parse(value));
  return times.every((time, index) => index === 0 || times[index - 1]! <= time);
}

export const activityParamsSchema = z.object({ id: z.uuid() });

export const activitySchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  title: z.string(),
  instructions: z.string(),
  storyfiles: z.array(z.object({ id: z.string(), name: z.string() })),
  openAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  closeAt: z.string().nullable(),
  rule: completionRuleSchema,
  studentIds: z.array(z.string()),
  teamIds: z.array(z.string()),
  isArchived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** Spec-free states of a student's attempt, in the words of the roster. */
export const PROGRESS_STATES = ['not_started', 'in_progress', 'completed', 'late'] as const;
export const progressStateSchema = z.enum(PROGRESS_STATES);
export type ProgressState = z.infer<typeof progressStateSchema>;
export const PROGRESS_STATE_LABELS = {
  not_started: 'Not started',
  in_progress: 'In progress',
  completed: 'Completed',
  late: 'Late',
} as const satisfies Record<ProgressState, string>;

/** What a student has done toward the rule, and where that leaves them. */
export const progressSchema = z.object({
  state: progressStateSchema,
  /** 0..1: the mean of each criterion's share met (each capped at 1). */
  fraction: z.number(),
  questionsAsked: z.number().int(),
  distinctAnswers: z.number().int(),
  topicsCovered: z.number().int(),
  minutes: z.number(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type Progress = z.infer<typeof progressSchema>;

export const studentSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  teamIds: z.array(z.string()),
});
export type Student = z.infer<typeof studentSchema>;

export const rosterRowSchema = z.object({ student: studentSchema, progress: progressSchema });
export type RosterRow = z.infer<typeof rosterRowSchema>;

/** How many of a student's answers in an activity they rated thumbs up and thumbs down. */
export const answerRatingsSchema = z.object({ up: z.number().int(), down: z.number().int() });
export type AnswerRatings = z.infer<typeof answerRatingsSchema>;

/** A row of the roster page: the student's progress and their ratings (the CSV export's). */
export const rosterPageRowSchema = rosterRowSchema.extend({ ratings: answerRatingsSchema });
export type RosterPageRow = z.infer<typeof rosterPageRowSchema>;

/** One exchange of a transcript, with the answer's video when it was recorded. */
export const transcriptEntrySchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  /** When the conversation (the attempt) began: the transcript groups its exchanges by it. */
  conversationStartedAt: z.string(),
  storyfileId: z.string(),
  /** The storyfile's name now (a deleted one reads "<name> - Deleted"). */
  storyfileName: z.string(),
  questionText: z.string(),
  decision: z.enum(['answered', 'fallback']),
  answerQuestionText: z.string().nullable(),
  media: askMediaSchema.nullable(),
  /** The student's thumbs on the answer, null when not rated. */
  feedback: exchangeFeedbackSchema.nullable(),
  createdAt: z.string(),
});
export type TranscriptEntry = z.infer<typeof transcriptEntrySchema>;

export const organizationQuerySchema = z.object({ organizationId: z.uuid() });
