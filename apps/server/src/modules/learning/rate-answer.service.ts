import {
  EXCHANGE_ALREADY_RATED_MESSAGE,
  EXCHANGE_NOT_FOUND_MESSAGE,
  type CurrentUser,
  type ExchangeFeedback,
  type ExchangeRating,
} from '@conversa/contracts';
import { conflict, notFound } from '../../http/errors.ts';
import { recordExchangeFeedback } from '../conversations/index.ts';
import { getMyActivityRecord, type LearningContext } from './my-activities.service.ts';

/**
 * A student's thumbs on an answer of their activity, as the public player's visitor gives them:
 * once per exchange, kept on the exchange itself (`chat_log_entries.feedback`), so the attempt's
 * chat log carries it and the author's review inbox sees it as any rating. Only an exchange of
 * this student's conversations in this activity (its visitor key) can be rated; an activity past
 * its dates still takes a rating of what was answered in it.
 */
export async function rateMyActivityAnswer(
  context: Pick<LearningContext, 'engine'>,
  user: CurrentUser,
  input: { activityId: string; exchangeId: string; feedback: ExchangeFeedback },
): Promise<ExchangeRating> {
  const activity = await getMyActivityRecord(context, user, input.activityId);
  const row = await recordExchangeFeedback(context.engine.db, {
    exchangeId: input.exchangeId,
    visitorKey: `learning:${activity.id}:${user.iam}`,
    clientKey: null,
    feedback: input.feedback,
  });
  if (!row) {
    throw notFound(EXCHANGE_NOT_FOUND_MESSAGE);
  }
  if (!row.rated) {
    throw conflict(EXCHANGE_ALREADY_RATED_MESSAGE);
  }
  return { exchangeId: row.id, feedback: input.feedback };
}
