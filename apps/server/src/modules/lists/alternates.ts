import { findRepeatedAlternate, formatRepeatedAlternateMessage } from '@conversa/contracts';
import { badRequest } from '../../http/errors.ts';

/**
 * Alternates a person sent are kept as sent or refused: a repeat of the question or of another
 * alternate answers 400 with the sentence the web shows before saving (it was dropped silently).
 * Library questions and checklist questions alike.
 */
export function assertNoRepeatedAlternate(
  text: string,
  alternates: readonly string[] | undefined,
): void {
  const repeated = alternates === undefined ? null : findRepeatedAlternate(text, alternates);
  if (repeated !== null) {
    throw badRequest(formatRepeatedAlternateMessage(repeated));
  }
}
