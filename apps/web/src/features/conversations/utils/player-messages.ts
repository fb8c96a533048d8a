import {
  MAX_ASK_TEXT_LENGTH,
  PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE,
} from '@conversa/contracts';
import { ApiError } from '@/lib/api-client';

/** Shown when a recorded video fails to load or play. */
export const CLIP_FAILED_MESSAGE = 'This video could not be played. Try asking again.';

/**
 * Said when a question typed or pasted was longer than a question may be: it was cut, not refused
 * (issue 68 item 8: 3,000 pasted characters became 500 without a word).
 */
export const QUESTION_CUT_MESSAGE = `Your question was cut to ${MAX_ASK_TEXT_LENGTH.toLocaleString('en-US')} characters, the most a question can have.`;

/** A failed ask as the visitor reads it: the server's message (e.g. 429), or a plain network note. */
export function describeAskError(error: unknown): string {
  if (error instanceof ApiError) {
    return error.status === 0
      ? `${error.message} Check your connection and try again.`
      : error.message;
  }
  return 'The question could not be sent. Try again.';
}

/** Whether the server refused to continue the named conversation (a public ask, issue 32). */
export function isConversationLost(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    error.message === PUBLIC_CONVERSATION_NOT_CONTINUABLE_MESSAGE
  );
}
