import { z } from 'zod';
import { timestampSchema } from '../library/content.ts';

// What a storyfile learned from its visitors (issue 50 item 2), shown in Response quality for the
// author's review: each question and answer pair, from how many visitors, when; remove and undo.

/** Where a label comes from. */
export const LEARNED_SOURCES = ['suggestion', 'rating', 'correction'] as const;
export const learnedSourceSchema = z.enum(LEARNED_SOURCES);
export type LearnedSource = z.infer<typeof learnedSourceSchema>;

export const LEARNED_SOURCE_LABELS: Readonly<Record<LearnedSource, string>> = {
  suggestion: 'Pressed suggestion',
  rating: 'Thumbs up',
  correction: 'Your correction',
};

/**
 * `learned`: the matcher uses it; `waiting`: fewer visitors than needed so far; `contested`: as
 * many visitors (or an author) gave the same question another answer; `capped`: its answer learned
 * as many questions as it may; `removed`: removed by an author (teaches nothing until undone).
 */
export const LEARNED_STATUSES = ['learned', 'waiting', 'contested', 'capped', 'removed'] as const;
export const learnedStatusSchema = z.enum(LEARNED_STATUSES);
export type LearnedStatus = z.infer<typeof learnedStatusSchema>;

export const LEARNED_STATUS_LABELS: Readonly<Record<LearnedStatus, string>> = {
  learned: 'Learned',
  waiting: 'Waiting for more visitors',
  contested: 'Contested',
  capped: 'Over the limit for this answer',
  removed: 'Removed',
};

export const learnedQuestionSchema = z.object({
  /** One of its labels' ids: the handle for remove and undo. */
  id: z.uuid(),
  /** The visitor's question, as first asked. */
  text: z.string(),
  questionId: z.uuid(),
  /** The answer's question in the script. */
  questionText: z.string(),
  /**
   * Distinct visitors (or authors) who gave this answer to this question or one much like it, one
   * per network (an IPv4 /24, an IPv6 /48: cookies from one network are one visitor); 0 for a pair
   * that only a removed pair's visitors gave.
   */
  visitors: z.number().int().nonnegative(),
  sources: z.array(learnedSourceSchema),
  firstAt: timestampSchema,
  lastAt: timestampSchema,
  status: learnedStatusSchema,
  removedAt: timestampSchema.nullable(),
  /**
   * The exchanges its labels came from (issue 66 item 3): accepting the pair is a correct match of
   * them to its answer, the author's label, which teaches at once.
   */
  entryIds: z.array(z.string()),
});
export type LearnedQuestion = z.infer<typeof learnedQuestionSchema>;

export const learnedQuestionListSchema = z.object({
  items: z.array(learnedQuestionSchema),
  /** Distinct visitors a label needs before it teaches (an author's correction needs none). */
  minVisitors: z.number().int().positive(),
  /** Questions one answer learns at most. */
  perAnswer: z.number().int().positive(),
});
export type LearnedQuestionList = z.infer<typeof learnedQuestionListSchema>;

export const learnedQuestionParamsSchema = z.object({ id: z.uuid(), labelId: z.uuid() });

export const LEARNED_QUESTION_NOT_FOUND_MESSAGE = 'Learned question not found.';
export const LEARNED_QUESTION_ALREADY_REMOVED_MESSAGE = 'This learned question is already removed.';
export const LEARNED_QUESTION_NOT_REMOVED_MESSAGE = 'This learned question is not removed.';
