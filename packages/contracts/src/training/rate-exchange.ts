import { defineContract } from '../contract.ts';
import {
  exchangeParamsSchema,
  exchangeRatingSchema,
  rateExchangeBodySchema,
} from './exchange-rating.ts';

export const rateExchangeContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/exchanges/:exchangeId/feedback',
  summary: 'Thumbs up or down on an answer the caller was given (interact tab), once per exchange',
  tags: ['training'],
  permission: { kind: 'role', scope: 'read:ns' },
  params: exchangeParamsSchema,
  body: rateExchangeBodySchema,
  response: exchangeRatingSchema,
});
