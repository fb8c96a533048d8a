import { z } from 'zod';

// Apart from the rest of training: the public player imports these, and a module it imports is
// bundled whole (its zod schemas are calls a bundler keeps), so the review inbox's schemas would
// otherwise ride along on every visitor's first load (issue 21).

/** A visitor's rating of one answer (thumbs up or down), given once per exchange. */
export const EXCHANGE_FEEDBACK = ['up', 'down'] as const;
export const exchangeFeedbackSchema = z.enum(EXCHANGE_FEEDBACK);
export type ExchangeFeedback = z.infer<typeof exchangeFeedbackSchema>;

export const rateExchangeBodySchema = z.object({ feedback: exchangeFeedbackSchema });
export const exchangeRatingSchema = z.object({
  exchangeId: z.string(),
  feedback: exchangeFeedbackSchema,
});
export type ExchangeRating = z.infer<typeof exchangeRatingSchema>;

/** 409 text for a second rating of one exchange. */
export const EXCHANGE_ALREADY_RATED_MESSAGE = 'This answer has already been rated.';
/** 404 text for an exchange that is not the caller's, or does not exist. */
export const EXCHANGE_NOT_FOUND_MESSAGE = 'Exchange not found.';

export const exchangeParamsSchema = z.object({ exchangeId: z.uuid() });
