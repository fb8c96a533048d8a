import { z } from 'zod';
import { chatLogEntrySchema, listChatLogsQuerySchema } from '../chat-logs/chat-log.ts';
import { askSuggestionSchema } from '../conversations/conversation.ts';
import { timestampSchema, userSummarySchema } from '../library/content.ts';
import { createListQuerySchema, createPageSchema, queryFlagSchema } from '../lists/list-query.ts';
import { EXCHANGE_FEEDBACK } from './exchange-rating.ts';

/** Where an exchange is in Response quality: to review, done, ignored, or queued to record. */
export const REVIEW_STATES = ['new', 'resolved', 'ignored', 'queued'] as const;
export const reviewStateSchema = z.enum(REVIEW_STATES);
export type ReviewState = z.infer<typeof reviewStateSchema>;

export const REVIEW_STATE_LABELS: Readonly<Record<ReviewState, string>> = {
  new: 'New',
  resolved: 'Resolved',
  ignored: 'Ignored',
  queued: 'Queued to record',
};

/** What a reviewer does with exchanges. */
export const REVIEW_ACTION_KINDS = ['correct', 'record', 'out-of-scope', 'ignore'] as const;
export const reviewActionKindSchema = z.enum(REVIEW_ACTION_KINDS);
export type ReviewActionKind = z.infer<typeof reviewActionKindSchema>;

export const REVIEW_ACTION_LABELS: Readonly<Record<ReviewActionKind, string>> = {
  correct: 'Correct match',
  record: 'Add to record queue',
  'out-of-scope': 'Mark out of scope',
  ignore: 'Ignore',
};

/** Top two scores at most this far apart make a near-tie (the matcher could have gone either way). */
export const NEAR_TIE_MARGIN = 0.05;
/** Candidates kept with each logged exchange. */
export const LOGGED_CANDIDATE_COUNT = 3;
/** Name of the topic that "add to record queue" puts new questions in when none is chosen. */
export const RECORD_QUEUE_TOPIC_NAME = 'From visitors';

/** One of the matcher's best candidates when the exchange was logged. */
export const loggedCandidateSchema = z.object({
  questionId: z.string(),
  questionText: z.string(),
  score: z.number(),
});
export type LoggedCandidate = z.infer<typeof loggedCandidateSchema>;

export const reviewItemSchema = chatLogEntrySchema.extend({
  topCandidates: z.array(loggedCandidateSchema),
  topMargin: z.number().nullable(),
  reviewState: reviewStateSchema,
  /**
   * On an exchange that offered suggestions: the one the asker pressed (the latest, when pressed
   * more than once), else null. "Make it an alternate" corrects the exchange to it.
   */
  chosenSuggestion: askSuggestionSchema.nullable(),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const REVIEW_SEARCH_OPTIONS = [
  { value: 'question', label: 'Question', active: true, disabled: false },
  { value: 'answer', label: 'Answer', active: true, disabled: false },
] as const;

export const REVIEW_SORT_FIELDS = [
  'createdAt',
  'questionText',
  'storyfileName',
  'channel',
  'decision',
  'answer',
  'score',
  'confidence',
  'topMargin',
  'reviewState',
  'feedback',
] as const;
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];

/** The inbox: the chat log's filters, plus review state, feedback, near-ties, search and sort. */
export const listReviewItemsQuerySchema = createListQuerySchema({
  searchOptions: REVIEW_SEARCH_OPTIONS,
  sortFields: REVIEW_SORT_FIELDS,
  defaultSort: 'createdAt',
  defaultOrder: 'desc',
}).extend({
  storyfileId: listChatLogsQuerySchema.shape.storyfileId,
  from: listChatLogsQuerySchema.shape.from,
  to: listChatLogsQuerySchema.shape.to,
  decision: listChatLogsQuerySchema.shape.decision,
  confidence: listChatLogsQuerySchema.shape.confidence,
  channel: listChatLogsQuerySchema.shape.channel,
  reviewState: reviewStateSchema.optional(),
  feedback: z.enum([...EXCHANGE_FEEDBACK, 'none']).optional(),
  nearTie: queryFlagSchema,
  /** Only exchanges where the storyfile asked back (offered suggestions). */
  clarified: queryFlagSchema,
});
export type ListReviewItemsQuery = z.input<typeof listReviewItemsQuerySchema>;

export const reviewItemPageSchema = createPageSchema(reviewItemSchema).extend({
  /**
   * The inbox counts exactly up to a thousand rows past the page asked for; beyond that `total`
   * (and `pageCount`) is the database's estimate, shown as "about".
   */
  isTotalEstimated: z.boolean(),
});
export type ReviewItemPage = z.infer<typeof reviewItemPageSchema>;

/** Most exchanges one change may name (a group is acted on as a whole). */
export const MAX_REVIEW_ENTRIES = 500;
const entryIdsSchema = z
  .array(z.uuid())
  .min(1, 'Choose at least one question.')
  .max(MAX_REVIEW_ENTRIES, `At most ${MAX_REVIEW_ENTRIES} questions can change at once.`);

/** A change a reviewer previews, then applies. */
export const reviewChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('correct'), entryIds: entryIdsSchema, questionId: z.uuid() }),
  z.object({
    kind: z.literal('record'),
    entryIds: entryIdsSchema,
    /** The script question to create; the first exchange's question when omitted. */
    text: z.string().trim().min(1, 'The question cannot be empty.').max(500).optional(),
  }),
  z.object({ kind: z.literal('out-of-scope'), entryIds: entryIdsSchema }),
  z.object({ kind: z.literal('ignore'), entryIds: entryIdsSchema }),
]);
export type ReviewChange = z.infer<typeof reviewChangeSchema>;

/** Where a past question lands: an answer (its question) or the fallback (null). */
export const previewTargetSchema = z.object({
  questionId: z.string().nullable(),
  questionText: z.string().nullable(),
});

export const previewMoveSchema = z.object({
  questionText: z.string(),
  /** Logged exchanges with this question (same normalised text). */
  count: z.number().int(),
  before: previewTargetSchema,
  after: previewTargetSchema,
});

/**
 * The storyfile's out-of-scope threshold now and after the change. The automatic one is chosen
 * from the script, so a change to the script can move it, and past questions with it.
 */
export const previewThresholdSchema = z.object({
  before: z.number(),
  after: z.number(),
  isAutomatic: z.boolean(),
});

/** What a change would do to the storyfile's past questions, re-asked against the new matcher. */
export const reviewPreviewSchema = z.object({
  /** Past exchanges examined (the most recent, at most `PREVIEW_EXCHANGE_LIMIT`). */
  examined: z.number().int(),
  moved: z.number().int(),
  fromFallback: z.number().int(),
  betweenAnswers: z.number().int(),
  /** Past exchanges that were answered and would fall back: they lose their answer. */
  toFallback: z.number().int(),
  threshold: previewThresholdSchema,
  /**
   * The moves: those that lose their answer first, then the most asked (at most 200 distinct
   * questions).
   */
  moves: z.array(previewMoveSchema),
});
export type ReviewPreview = z.infer<typeof reviewPreviewSchema>;

/** Past exchanges a preview re-asks, newest first. */
export const PREVIEW_EXCHANGE_LIMIT = 10_000;

/**
 * The sentence the preview shows: issue 14's wording, with the questions that lose their answer
 * counted too (issue 28: a preview must never hide them).
 */
export function describeReviewPreview(preview: ReviewPreview): string {
  return `These changes move ${preview.moved} past question${preview.moved === 1 ? '' : 's'}: ${preview.fromFallback} from fallback to an answer, ${preview.betweenAnswers} from one answer to another, ${preview.toFallback} from an answer to fallback.`;
}

/** Two thresholds written so that they read apart (two decimals, three when those agree). */
function formatThresholds(before: number, after: number): [string, string] {
  const digits = before.toFixed(2) === after.toFixed(2) ? 3 : 2;
  return [before.toFixed(digits), after.toFixed(digits)];
}

/** The sentence for a threshold the change moves; null when it stays where it is, to three decimals. */
export function describeThresholdMove(preview: ReviewPreview): string | null {
  const { before, after, isAutomatic } = preview.threshold;
  const [from, to] = formatThresholds(before, after);
  // A drift below the third decimal is no move a person can read (issue 44: "moves from 0.474 to
  // 0.474").
  if (from === to) {
    return null;
  }
  return `The ${isAutomatic ? 'automatic' : 'out-of-scope'} threshold moves from ${from} to ${to}.`;
}

/** What an applied change did to past questions, for the message that confirms it. */
export function describeAppliedReview(preview: ReviewPreview): string {
  const lost = preview.toFallback;
  const parts = [
    lost === 0
      ? 'No past question lost its answer.'
      : `${lost} past question${lost === 1 ? '' : 's'} now fall${lost === 1 ? 's' : ''} back instead of being answered.`,
  ];
  const threshold = describeThresholdMove(preview);
  if (threshold) {
    parts.push(threshold.replace(' moves ', ' moved '));
  }
  return parts.join(' ');
}

/** An applied change: what it did, on which chat-log rows, by whom and when (provenance). */
export const reviewActionSchema = z.object({
  id: z.string(),
  storyfileId: z.string(),
  kind: reviewActionKindSchema,
  questionId: z.string().nullable(),
  questionText: z.string().nullable(),
  entryIds: z.array(z.string()),
  autoClosedEntryIds: z.array(z.string()),
  addedAlternates: z.array(z.string()),
  removedAlternates: z.array(z.object({ questionId: z.string(), text: z.string() })),
  normalizedTexts: z.array(z.string()),
  createdBy: userSummarySchema.nullable(),
  createdAt: timestampSchema,
  undoneAt: timestampSchema.nullable(),
});
export type ReviewAction = z.infer<typeof reviewActionSchema>;

export const appliedReviewSchema = z.object({
  action: reviewActionSchema,
  preview: reviewPreviewSchema,
});
export type AppliedReview = z.infer<typeof appliedReviewSchema>;

export const reviewActionListSchema = z.object({ items: z.array(reviewActionSchema) });
export type ReviewActionList = z.infer<typeof reviewActionListSchema>;

export const reviewActionParamsSchema = z.object({ id: z.uuid(), actionId: z.uuid() });

/** A script question a reviewer can pick as the right answer; recorded ones come first. */
export const reviewAnswerOptionSchema = z.object({
  questionId: z.string(),
  text: z.string(),
  topicName: z.string(),
  isRecorded: z.boolean(),
});
export const reviewAnswerOptionsSchema = z.object({ items: z.array(reviewAnswerOptionSchema) });
export type ReviewAnswerOption = z.infer<typeof reviewAnswerOptionSchema>;

/** Weights of the signals a cluster is ranked by (issue 14). */
export const CLUSTER_WEIGHTS = { thumbsDown: 3, fallback: 2, low: 1 } as const;
/** Days after which a signal counts half as much. */
export const CLUSTER_HALF_LIFE_DAYS = 7;
/** Days of log the clusters look back over. */
export const CLUSTER_WINDOW_DAYS = 90;

export const reviewClusterSchema = z.object({
  /** The representative's normalised text: stable while the group lasts. */
  key: z.string(),
  representative: z.string(),
  count: z.number().int(),
  visitors: z.number().int(),
  firstSeen: timestampSchema,
  lastSeen: timestampSchema,
  /** Weight × recency decay, what the groups are sorted by. */
  rank: z.number(),
  /** Open (new) exchanges of the group: what an action on the group changes. */
  entryIds: z.array(z.string()),
  /** The distinct questions of the group, most asked first (at most 20). */
  questions: z.array(z.object({ text: z.string(), count: z.number().int() })),
  /**
   * The script's question the group means the same as (sentence embeddings, with an embedder in
   * force): offered as "looks like: <question>", one click from adding the group as its
   * alternates. An unrecorded one (`isRecorded` false) is a question already scripted: the author
   * records it, or adds the group's words as its alternates, rather than scripting it twice.
   */
  looksLike: z
    .object({
      questionId: z.string(),
      questionText: z.string(),
      score: z.number(),
      isRecorded: z.boolean(),
    })
    .nullable(),
});
export type ReviewCluster = z.infer<typeof reviewClusterSchema>;

/** The suggestion's wording in Response quality (issue 28). */
export function describeLooksLike(questionText: string): string {
  return `looks like: ${questionText}`;
}

/** The suggestion's wording when the question it names is scripted but not recorded (issue 68). */
export function describeLooksLikeUnrecorded(questionText: string): string {
  return `Already in the script, not recorded yet: ${questionText}`;
}
export const reviewClusterListSchema = z.object({ items: z.array(reviewClusterSchema) });
export type ReviewClusterList = z.infer<typeof reviewClusterListSchema>;

/** 400 text when a change names exchanges of another storyfile, or none that exist. */
export const REVIEW_ENTRIES_NOT_FOUND_MESSAGE =
  'Some of these questions are not in this storyfile’s chat log.';
/** 404 text for an action of another storyfile, or none. */
export const REVIEW_ACTION_NOT_FOUND_MESSAGE = 'Change not found.';
/** 409 text for undoing twice. */
export const REVIEW_ACTION_ALREADY_UNDONE_MESSAGE = 'This change has already been undone.';
/** 400 text for a correct match to a question of another storyfile. */
export const REVIEW_QUESTION_NOT_FOUND_MESSAGE = 'That answer is not in this storyfile’s script.';
