import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema } from '../publishing/publication.ts';
import {
  exchangeParamsSchema,
  exchangeRatingSchema,
  rateExchangeBodySchema,
} from './exchange-rating.ts';

export const ratePublicExchangeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/public/storyfiles/:slug/exchanges/:exchangeId/feedback',
  summary:
    'Thumbs up or down on an answer the visitor was given (public player), once per exchange',
  tags: ['training'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema.extend(exchangeParamsSchema.shape),
  body: rateExchangeBodySchema,
  response: exchangeRatingSchema,
  errors: [409],
});
