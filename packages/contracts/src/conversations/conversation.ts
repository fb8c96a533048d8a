import { z } from 'zod';
import { askSuggestionSchema, askTopicSchema, clarificationKindSchema } from './clarification.ts';

// What the storyfile asks back with lives in clarification.ts; its names are importable from here.
export * from './clarification.ts';

/**
 * Where an exchange happened: the studio's test player, a share link, an embed, the API, or a
 * student's player in a learning activity.
 */
export const CHAT_CHANNELS = ['studio', 'share', 'embed', 'api', 'learning'] as const;
export const chatChannelSchema = z.enum(CHAT_CHANNELS);
export type ChatChannel = z.infer<typeof chatChannelSchema>;

export const CHAT_CHANNEL_LABELS: Record<ChatChannel, string> = {
  studio: 'Studio test',
  share: 'Share link',
  embed: 'Embed',
  api: 'API',
  learning: 'Learning player',
};

/** The channels of the public player; the studio and API channels need an account. */
export const PUBLIC_CHAT_CHANNELS = ['share', 'embed'] as const;
export const publicChatChannelSchema = z.enum(PUBLIC_CHAT_CHANNELS);
export type PublicChatChannel = z.infer<typeof publicChatChannelSchema>;

export const INPUT_MODES = ['typed', 'spoken'] as const;
export const inputModeSchema = z.enum(INPUT_MODES);
export type InputMode = z.infer<typeof inputModeSchema>;

export const INPUT_MODE_LABELS: Record<InputMode, string> = {
  typed: 'Typed',
  spoken: 'Spoken',
};

/** The matcher's confidence classes (`@conversa/matching`). */
export const CONFIDENCE_CLASSES = ['exact', 'paraphrase', 'low', 'off-topic'] as const;
export const confidenceClassSchema = z.enum(CONFIDENCE_CLASSES);
export type ConfidenceClass = z.infer<typeof confidenceClassSchema>;

/** The confidence classes in words, as the chat logs and response quality show them. */
export const CONFIDENCE_LABELS: Record<ConfidenceClass, string> = {
  exact: 'Exact',
  paraphrase: 'Paraphrase',
  low: 'Low',
  'off-topic': 'Off-topic',
};

/** Logged outcome of an exchange: a recorded answer played, or a fallback clip. */
export const CHAT_DECISIONS = ['answered', 'fallback'] as const;
export const chatDecisionSchema = z.enum(CHAT_DECISIONS);
export type ChatDecision = z.infer<typeof chatDecisionSchema>;

export const DECISION_LABELS: Record<ChatDecision, string> = {
  answered: 'Answered',
  fallback: 'Fallback',
};

/**
 * Why a question fell back: nothing to match (`empty`), spoken input the browser could not
 * transcribe (`unintelligible`), speech the recognizer was unsure of and no reading fits
 * (`not-confident`), readings of it that disagree and none fits (`readings-disagree`); these
 * three play please-repeat; no answer close enough (`off-topic`), or the question that
 * matched best has no answer video yet (`not-recorded`: what the author should record next).
 */
export const FALLBACK_REASONS = [
  'empty',
  'unintelligible',
  'not-confident',
  'readings-disagree',
  'off-topic',
  'not-recorded',
] as const;
export const fallbackReasonSchema = z.enum(FALLBACK_REASONS);
export type FallbackReason = z.infer<typeof fallbackReasonSchema>;

/**
 * Why a question fell back, in words an author reads. The matcher's reasons keep the wording of
 * `@conversa/matching`'s labels (a server test holds the two equal).
 */
export const FALLBACK_REASON_LABELS: Readonly<Record<FallbackReason, string>> = {
  empty: 'Nothing to match',
  unintelligible: 'Speech not understood',
  'not-confident': 'Not heard clearly',
  'readings-disagree': 'Heard several ways, none fits',
  'off-topic': 'No answer close enough',
  'not-recorded': 'Best match not recorded',
};

/** Longest question an ask accepts. */
export const MAX_ASK_TEXT_LENGTH = 500;

/** Player text when the cannot-answer clip is not recorded. */
export const CANNOT_ANSWER_MESSAGE = "Sorry, I can't answer that one. Try asking something else.";
/** Player text when the storyfile asks "Did you mean…?" instead of playing the cannot-answer clip. */
export const CLARIFY_MESSAGE = "I'm not sure I understood.";
/** Player text when the please-repeat clip is not recorded. */
export const PLEASE_REPEAT_MESSAGE = "Sorry, I didn't catch that. Could you say it again?";

/** A typed question with no words in it (refused by the player and the server alike). */
export const ASK_TEXT_EMPTY_MESSAGE = 'Type a question before asking.';

/**
 * Refuses a typed question with no words (an empty spoken one means "not understood"). Opening the
 * ink story (`start`) and pressing one of its choices (`choiceIndex`) ask no question of their own.
 */
export function refuseEmptyTypedQuestion<
  T extends z.ZodType<{ text: string; inputMode: string; start?: boolean; choiceIndex?: number }>,
>(schema: T) {
  // An empty typed question is nothing asked: logged, it read "(nothing heard)", typed.
  const isAskingNothing = (body: z.output<T>) =>
    body.inputMode === 'typed' &&
    body.text.trim() === '' &&
    body.start !== true &&
    body.choiceIndex === undefined;
  return schema.refine((body) => !isAskingNothing(body), {
    path: ['text'],
    message: ASK_TEXT_EMPTY_MESSAGE,
  });
}

/** Most readings of a spoken question an ask takes. */
export const MAX_SPEECH_READINGS = 10;

/** One reading of a spoken question and the recognizer's share of it (0–1, null when unknown). */
export const speechReadingSchema = z.object({
  text: z.string().max(MAX_ASK_TEXT_LENGTH),
  confidence: z.number().min(0).max(1).nullable(),
});
export type SpeechReading = z.infer<typeof speechReadingSchema>;

/** The ask body's fields, for bodies that extend it (the public ask). */
export const askBodyFieldsSchema = z.object({
  text: z
    .string()
    .max(MAX_ASK_TEXT_LENGTH, `A question can have at most ${MAX_ASK_TEXT_LENGTH} characters.`),
  /** `spoken` with empty text means the browser heard something it could not transcribe. */
  inputMode: inputModeSchema.default('typed'),
  /**
   * A spoken question's readings from the studio's recognizer (the speech2text answer's
   * `alternatives`, best first): the storyfile chooses the reading it can answer best, weighing
   * the recognizer's share of each with its match, and asks to repeat when none is heard well.
   * Ignored for typed questions.
   */
  alternatives: z.array(speechReadingSchema).max(MAX_SPEECH_READINGS).optional(),
  /** The recognizer's confidence in `text` (the speech2text answer's `confidence`, 0–1). */
  speechConfidence: z.number().min(0).max(1).nullable().optional(),
  /** Continue this conversation; omitted (or unknown) starts a new one. */
  conversationId: z.uuid().optional(),
  /** Take this choice of the storyfile's ink story (a suggested question the visitor pressed). */
  choiceIndex: z.number().int().min(0).optional(),
  /**
   * Open the conversation without asking: with a published ink story, its opening lines and
   * first choices come back (decision `story`); nothing is logged.
   */
  start: z.boolean().optional(),
  /**
   * Plays a suggestion the storyfile offered ("Did you mean…?", or a starter after two fallbacks in
   * a row) instead of matching `text`: the exchange that offered it and the answer chosen (its
   * question's id). Refused (400) unless that exchange of this conversation offered that answer.
   */
  suggestion: z
    .object({
      /** The exchange whose answer offered the suggestion (`exchangeId` of that ask). */
      exchangeId: z.uuid(),
      /** The suggestion chosen: its `questionId`. */
      questionId: z.uuid(),
    })
    .describe(
      "Play a suggestion an earlier answer of this conversation offered (its exchangeId and the suggestion's questionId) instead of matching text; 400 unless that exchange offered it.",
    )
    .optional(),
});

/** Longest knot or stitch path (`knot.stitch`) the studio's ask starts a story at. */
export const MAX_INK_START_PATH_LENGTH = 200;

/**
 * The studio's ask (the author's): the public and student asks have no `startPath`. A Start
 * whose conversation's story has ended, or with `startPath`, opens a new conversation.
 */
export const askBodySchema = refuseEmptyTypedQuestion(
  askBodyFieldsSchema.extend({
    /**
     * With `start`: open a new conversation with the published story started at this knot or
     * stitch (`knot`, `knot.stitch`) rather than at its top; one the story lacks answers 400.
     */
    startPath: z.string().min(1).max(MAX_INK_START_PATH_LENGTH).optional(),
  }),
);
export type AskBody = z.input<typeof askBodySchema>;

/** The storyfile's ink story answered: its lines (`story.lines`) say what plays. */
const storyDecisionSchema = z.object({ kind: z.literal('story') });

export const askDecisionSchema = z.union([
  z.object({ kind: z.literal('answer'), questionId: z.string() }),
  storyDecisionSchema,
  z.object({
    kind: z.literal('fallback'),
    reason: fallbackReasonSchema.exclude(['not-recorded']),
  }),
  /** The best match is a script question without a video: the cannot-answer clip plays. */
  z.object({
    kind: z.literal('fallback'),
    reason: z.literal('not-recorded'),
    /** The unrecorded question that matched best. */
    questionId: z.string(),
  }),
]);
export type AskDecision = z.infer<typeof askDecisionSchema>;

/**
 * What a visitor's player is told: which kind of clip, never which script question matched, and
 * never that an unrecorded one did (`not-recorded` reaches visitors as `off-topic`: they learn
 * nothing of the script beyond what is recorded).
 */
export const publicAskDecisionSchema = z.union([
  z.object({ kind: z.literal('answer'), questionId: z.string() }),
  storyDecisionSchema,
  z.object({ kind: z.literal('fallback'), reason: fallbackReasonSchema }),
]);
export type PublicAskDecision = z.infer<typeof publicAskDecisionSchema>;

/** The decision as a visitor's player is told it (`publicAskDecisionSchema`). */
export function toPublicAskDecision(decision: AskDecision): PublicAskDecision {
  if (decision.kind !== 'fallback') {
    return decision;
  }
  return {
    kind: 'fallback',
    reason: decision.reason === 'not-recorded' ? 'off-topic' : decision.reason,
  };
}

/** A signed, short-lived video to play, with its poster frame and captions when it has them. */
export const askMediaSchema = z.object({
  url: z.string(),
  posterUrl: z.string(),
  /**
   * WebVTT captions, or null when the video has none a visitor may read: a recognizer's draft no
   * author saved or approved is left out unless the storyfile publishes drafts (issue 52).
   */
  captionsUrl: z.string().nullable(),
  /** The captions are the recognizer's draft, not reviewed: players label them automatic. */
  areCaptionsAutomatic: z.boolean(),
  /** What the person says in the video (its captions' words), null when not shown to visitors. */
  said: z.string().nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type AskMedia = z.infer<typeof askMediaSchema>;

/** A ranked answer, shown to the author in the studio ("why this answer"). */
export const askCandidateSchema = z.object({
  questionId: z.string(),
  questionText: z.string(),
  topicId: z.string(),
  topicName: z.string(),
  score: z.number(),
  confidence: confidenceClassSchema,
  /** False for a script question without an answer video: ranked, never played. */
  isRecorded: z.boolean(),
  matchedPhrasing: z.string(),
  matchedTerms: z.array(z.string()),
});
export type AskCandidate = z.infer<typeof askCandidateSchema>;

/** How an exchange went with a published ink story: a story choice, or a free question. */
export const INK_TURN_KINDS = ['choice', 'free'] as const;
export const inkTurnKindSchema = z.enum(INK_TURN_KINDS);
export type InkTurnKind = z.infer<typeof inkTurnKindSchema>;

/** One line the story said, with the video its tag names (null: the player shows the text). */
export const storyLineSchema = z.object({
  text: z.string(),
  media: askMediaSchema.nullable(),
});
export type StoryLine = z.infer<typeof storyLineSchema>;

/** Where the conversation's ink story is after a turn. */
export const storyTurnSchema = z.object({
  versionNumber: z.number().int(),
  /** `start`: the opening; `choice`: the story took a choice; `free`: the matcher answered. */
  turn: z.enum(['start', 'choice', 'free']),
  choiceText: z.string().nullable(),
  lines: z.array(storyLineSchema),
  /** The choices now open: the player shows them as suggested questions. */
  choices: z.array(z.object({ index: z.number().int(), text: z.string() })),
  hasEnded: z.boolean(),
  /** Set when the story restarted (a saved place that no longer fits the published version). */
  notice: z.string().nullable(),
});
export type StoryTurn = z.infer<typeof storyTurnSchema>;

/** What a visitor's player needs: what was decided, what to play, or the text to show instead. */
export const publicAskResponseSchema = z.object({
  conversationId: z.string(),
  /**
   * The logged exchange (chat-log row): what a thumbs up or down rates. Null when the call only
   * opened the storyfile's ink story (`start`), which logs nothing.
   */
  exchangeId: z.string().nullable(),
  decision: publicAskDecisionSchema,
  /** Null when the clip is not recorded: the player shows `message` instead. */
  media: askMediaSchema.nullable(),
  message: z.string().nullable(),
  /** The ink story's turn when the storyfile has a published story; null (or absent) otherwise. */
  story: storyTurnSchema.nullable().optional(),
  /** Why the storyfile asks back (`suggestions`), or null when the answer stands alone. */
  clarification: clarificationKindSchema
    .nullable()
    // Defaults: an answer from a studio that predates asking back still reads (rolling upgrades).
    .default(null)
    .describe(
      'Why the storyfile asks back: did-you-mean (unsure, or two answers near-tied) or topics-and-starters (the second fallback in a row); null when the answer stands alone.',
    ),
  /**
   * Recorded answers offered as buttons (at most 3 for "Did you mean…?"; the conversation starters
   * with `topics-and-starters`, or without starters one recorded question of each topic, at most
   * 3), best first; empty when nothing is offered.
   */
  suggestions: z
    .array(askSuggestionSchema)
    .default([])
    .describe(
      'Recorded answers offered back ("Did you mean…?": at most 3; or the recorded conversation starters, else one recorded question of each topic, at most 3), best first: the answer\'s id (questionId) and its recorded question. Ask again with `suggestion` to play one.',
    ),
  /**
   * A spoken question: the reading of it the storyfile went by (the recognizer's words, after the
   * custom words' "heard as" rules), which its chat log keeps; the player shows these words, so
   * visitor and log agree (issue 68 item 8). Null for a typed question or a pressed one.
   */
  heardText: z
    .string()
    .nullable()
    // Optional: an answer from a studio that predates it still reads (rolling upgrades).
    .optional()
    .describe(
      'A spoken question: the reading the storyfile went by, as its chat log keeps it; null otherwise.',
    ),
  /** With `topics-and-starters`: the storyfile's topics that have a recorded answer. */
  topics: z
    .array(askTopicSchema)
    .default([])
    .describe(
      "With topics-and-starters: the topics that have a recorded answer, each with its recorded questions (suggestions) to press as this exchange's.",
    ),
});
export type PublicAskResponse = z.infer<typeof publicAskResponseSchema>;

export const ASK_SCORINGS = ['meaning', 'words', 'words-preparing'] as const;
export const askScoringSchema = z.enum(ASK_SCORINGS);
export type AskScoring = z.infer<typeof askScoringSchema>;

/** The studio's answer adds the matcher's reasoning. */
export const askResponseSchema = publicAskResponseSchema.extend({
  decision: askDecisionSchema,
  channel: chatChannelSchema,
  /** Text of the answered question, null on a fallback. */
  questionText: z.string().nullable(),
  score: z.number().nullable(),
  confidence: confidenceClassSchema.nullable(),
  threshold: z.number(),
  candidates: z.array(askCandidateSchema),
  /**
   * How the question was scored: `meaning` (its words and the sentence model), `words` (words
   * alone: no sentence model), `words-preparing` (words alone while the script's sentence vectors
   * are still being made, for a few seconds after an edit). Absent when nothing was scored.
   */
  scoring: askScoringSchema.optional(),
});
export type AskResponse = z.infer<typeof askResponseSchema>;
