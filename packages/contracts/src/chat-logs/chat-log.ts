import { z } from 'zod';
import { createPageSchema, pageQuerySchema, pageSizeQuerySchema } from '../lists/list-query.ts';
import { exchangeFeedbackSchema } from '../training/exchange-rating.ts';
import { chatOutcomeSchema } from '../conversations/chat-outcome.ts';
import {
  askMediaSchema,
  askSuggestionSchema,
  chatChannelSchema,
  clarificationKindSchema,
  chatDecisionSchema,
  confidenceClassSchema,
  fallbackReasonSchema,
  inputModeSchema,
  MAX_ASK_TEXT_LENGTH,
} from '../conversations/conversation.ts';

/** A day (`2026-11-21`, UTC) or an instant; a day as `to` includes the whole day. */
export const chatLogDateSchema = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'Use a date such as 2026-11-21 or an ISO date-time.',
});

/** Filters of the chat log list; the web keeps them in the address and in `chatLogQuery`. */
export const listChatLogsQuerySchema = z.object({
  page: pageQuerySchema,
  pageSize: pageSizeQuerySchema,
  storyfileId: z.uuid().optional(),
  from: chatLogDateSchema.optional(),
  to: chatLogDateSchema.optional(),
  /**
   * What the asker got (`CHAT_OUTCOMES`): `answered`, `asked-back` (a "Did you mean…?" with
   * recorded answers to press) or `fallback` (a fallback clip, nothing offered to press instead).
   */
  decision: chatOutcomeSchema.optional(),
  confidence: confidenceClassSchema.optional(),
  channel: chatChannelSchema.optional(),
  /**
   * One question as visitors asked it: exchanges whose question reads the same once case,
   * punctuation, accents and contractions are folded away (the dashboard groups fallen-back
   * questions the same way, so its link finds exactly the ones it counted).
   */
  question: z
    .string()
    .trim()
    .min(1, 'Type the question to look for.')
    .max(MAX_ASK_TEXT_LENGTH, `A question can have at most ${MAX_ASK_TEXT_LENGTH} characters.`)
    .optional(),
  /**
   * Word search over the questions asked (spec §5 search match): words and "quoted phrases", all
   * of which must appear in the question, case, punctuation, accents and contractions aside
   * (`working` finds "WHAT R U working on in the LAB rn!!").
   */
  words: z
    .string()
    .trim()
    .max(MAX_ASK_TEXT_LENGTH, `The words can have at most ${MAX_ASK_TEXT_LENGTH} characters.`)
    .optional(),
  /**
   * Word search over what was said in the answer (issue 41): words and "quoted phrases" (spec §5
   * search match), all of which must appear, case aside, in the transcript of the answered
   * question's video. Only answered exchanges whose question still has that video match.
   */
  said: z
    .string()
    .trim()
    .max(MAX_ASK_TEXT_LENGTH, `The words can have at most ${MAX_ASK_TEXT_LENGTH} characters.`)
    .optional(),
});
export type ListChatLogsQuery = z.input<typeof listChatLogsQuerySchema>;

/** One logged exchange. */
export const chatLogEntrySchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  storyfileId: z.string(),
  storyfileName: z.string(),
  channel: chatChannelSchema,
  questionText: z.string(),
  inputMode: inputModeSchema,
  decision: chatDecisionSchema,
  fallbackReason: fallbackReasonSchema.nullable(),
  /** The answered checklist question; null on a fallback or once the question is deleted. */
  answerQuestionId: z.string().nullable(),
  /** Text of the answered question when it was asked (kept if the question changes later). */
  answerQuestionText: z.string().nullable(),
  /**
   * On a `not-recorded` fallback, the unrecorded question that matched best (null once deleted);
   * null otherwise.
   */
  matchedQuestionId: z.string().nullable(),
  /** Its text when asked (kept if the question changes later). */
  matchedQuestionText: z.string().nullable(),
  score: z.number().nullable(),
  confidence: confidenceClassSchema.nullable(),
  /**
   * With a published ink story: `choice` when the visitor's words took a story choice, `free`
   * when the matcher answered a free question; null without a story.
   */
  inkTurn: z.enum(['choice', 'free']).nullable(),
  /** The story choice taken (its text), on a `choice` turn. */
  inkChoiceText: z.string().nullable(),
  /** The storyfile asked back on this exchange: why, and what it offered (best first). */
  clarification: clarificationKindSchema.nullable(),
  suggestions: z.array(askSuggestionSchema),
  /**
   * The asker pressed a suggestion: the exchange that offered it (null when that one is gone, and
   * on every other exchange).
   */
  chosenFromExchangeId: z.string().nullable(),
  /** The asker's thumbs on the answer (a visitor's or a student's), null when not rated. */
  feedback: exchangeFeedbackSchema.nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ChatLogEntry = z.infer<typeof chatLogEntrySchema>;

export const chatLogPageSchema = createPageSchema(chatLogEntrySchema);
export type ChatLogPage = z.infer<typeof chatLogPageSchema>;

/** A transcript line: the exchange and, for answers still recorded, a signed video to replay. */
export const conversationEntrySchema = chatLogEntrySchema.extend({
  media: askMediaSchema.nullable(),
});
export type ConversationEntry = z.infer<typeof conversationEntrySchema>;

export const conversationTranscriptSchema = z.object({
  id: z.string(),
  storyfileId: z.string(),
  storyfileName: z.string(),
  channel: chatChannelSchema,
  startedAt: z.iso.datetime({ offset: true }),
  lastAt: z.iso.datetime({ offset: true }),
  entries: z.array(conversationEntrySchema),
});
export type ConversationTranscript = z.infer<typeof conversationTranscriptSchema>;

export const conversationParamsSchema = z.object({ conversationId: z.uuid() });

/** 404 text for a conversation that does not exist or lies outside the caller's namespaces. */
export const CONVERSATION_NOT_FOUND_MESSAGE = 'Conversation not found.';
