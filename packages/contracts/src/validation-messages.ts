import { GO_TO_PAGE_TOO_LOW_MESSAGE, ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE } from './constants.ts';
import {
  FEEDBACK_EMAIL_INVALID_MESSAGE,
  FEEDBACK_MESSAGE_REQUIRED_MESSAGE,
  FEEDBACK_MESSAGE_TOO_LONG_MESSAGE,
} from './feedback/feedback.ts';
import { DELETED_NAME_IN_USE_MESSAGE } from './library/content.ts';
import { STATUS_FOLLOWS_PUBLICATION_MESSAGE } from './storyfiles/storyfile.ts';

/**
 * Validation messages written for people (the spec's catalogue, §5 and §8, and ours in its
 * style). A request refused with one of them is answered with that message word for word; other
 * validation failures name the field and zod's description.
 */
const PERSON_MESSAGES: ReadonlySet<string> = new Set([
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
  GO_TO_PAGE_TOO_LOW_MESSAGE,
  DELETED_NAME_IN_USE_MESSAGE,
  FEEDBACK_MESSAGE_REQUIRED_MESSAGE,
  FEEDBACK_MESSAGE_TOO_LONG_MESSAGE,
  FEEDBACK_EMAIL_INVALID_MESSAGE,
  STATUS_FOLLOWS_PUBLICATION_MESSAGE,
]);

export function isPersonMessage(message: string): boolean {
  return PERSON_MESSAGES.has(message);
}
