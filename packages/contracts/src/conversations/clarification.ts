import { z } from 'zod';

// What the storyfile asks back with (issue 40), and what it offers to press (issue 68 item 4).

/**
 * Why the storyfile asks back: `did-you-mean` (the best answer is below the threshold while
 * recorded answers come close, or two answers are near-tied), or `topics-and-starters` (the second
 * fallback in a row: what the storyfile can talk about, its conversation starters to press).
 */
export const CLARIFICATION_KINDS = ['did-you-mean', 'topics-and-starters'] as const;
export const clarificationKindSchema = z.enum(CLARIFICATION_KINDS);
export type ClarificationKind = z.infer<typeof clarificationKindSchema>;

/** The heading every player shows over the offered questions. */
export const CLARIFICATION_HEADINGS: Readonly<Record<ClarificationKind, string>> = {
  'did-you-mean': 'Did you mean…?',
  'topics-and-starters': 'You could ask me about',
};

/** Most suggestions one ask offers. */
export const MAX_SUGGESTIONS = 3;

/** A recorded answer offered back to the asker: pressing it asks with `suggestion`. */
export const askSuggestionSchema = z.object({
  /** The answer's id: its question's id, as in `decision.questionId`. */
  questionId: z.string(),
  /** Its recorded question, the button's words. */
  questionText: z.string(),
});
export type AskSuggestion = z.infer<typeof askSuggestionSchema>;

/**
 * A topic offered with `topics-and-starters`: its recorded questions, in the script's order, are
 * pressed like any suggestion of the exchange (issue 68 item 4: a topic a visitor sees is a way on).
 */
export const askTopicSchema = z.object({
  topicId: z.string(),
  name: z.string(),
  /** Defaults: an answer from a studio that predates pressable topics still reads. */
  suggestions: z.array(askSuggestionSchema).default([]),
});
export type AskTopic = z.infer<typeof askTopicSchema>;

/** Refusal of a `suggestion` the conversation's exchange did not offer. */
export const SUGGESTION_NOT_OFFERED_MESSAGE =
  'That answer was not offered in this conversation. Ask your question again.';
